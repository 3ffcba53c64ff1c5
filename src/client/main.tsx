import './zodSetup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createTheme, CssBaseline, ThemeProvider } from '@mui/material';
import { spanishValidationOnly } from './components/spanishValidationOnly';
import { components, palette, transitions } from './brand';
import { fitAppShell } from './layout/appShell';
import LoginPage, { type AppOpener } from './pages/LoginPage';
import { loadSession } from './providers/session';
import { isSignedIn } from './providers/token';

// Dialogs render in portals under <body>, outside #root: the whole body is watched.
spanishValidationOnly(document.body);
const root = createRoot(document.getElementById('root')!);
const renderApp = () => import('./App').then(({ App }) => root.render(<StrictMode><App /></StrictMode>));

/** After signing in, the app in this page on the user's list: no second page load, no second session check. */
const openApp: AppOpener = () => {
  const loading = import('./App');
  return async (path) => {
    await loading;
    window.history.replaceState(null, '', path);
    await renderApp();
  };
};

if (window.location.pathname === '/login') {
  // The sign-in page alone, without the admin: the first page anyone opens stays light on a phone.
  root.render(
    <StrictMode>
      <ThemeProvider theme={createTheme({ palette, components, transitions })}>
        <CssBaseline />
        <LoginPage standalone openApp={openApp} />
      </ThemeProvider>
    </StrictMode>,
  );
} else {
  fitAppShell();
  // The session check starts now, beside the app's scripts: the page does not wait for it (issue 30).
  if (isSignedIn()) loadSession().catch(() => undefined);
  void renderApp();
}
