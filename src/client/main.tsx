import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createTheme, CssBaseline, ThemeProvider } from '@mui/material';
import { prefetchAppScripts } from './appScripts';
import { spanishValidationOnly } from './components/spanishValidationOnly';
import { components, palette, transitions } from './brand';
import { fitAppShell } from './layout/appShell';
import LoginPage, { type AppOpener } from './pages/LoginPage';
import { loadSession } from './providers/session';
import { isSignedIn, lastKnownRoles } from './providers/token';

// Dialogs render in portals under <body>, outside #root: the whole body is watched.
spanishValidationOnly(document.body);
const root = createRoot(document.getElementById('root')!);
const renderApp = () => import('./App').then(async ({ App, preloadPageAt }) => {
  await preloadPageAt(window.location.pathname);
  root.render(<StrictMode><App /></StrictMode>);
});

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
  // Once the user starts typing: a page nobody types in (a phone's first paint, Lighthouse) loads only itself.
  document.addEventListener('input', () => prefetchAppScripts(import.meta.url), { once: true, capture: true });
} else {
  fitAppShell();
  // Without the last session's roles the session check starts now, beside the app's scripts (issue 30);
  // with them the page opens on them and asks once its first read is on screen (providers/firstScreen.ts).
  if (isSignedIn() && !lastKnownRoles()) loadSession().catch(() => undefined);
  void renderApp();
}
