import './zodSetup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createTheme, CssBaseline, ThemeProvider } from '@mui/material';
import { spanishValidationOnly } from './components/spanishValidationOnly';
import { components, palette } from './brand';
import LoginPage from './pages/LoginPage';

// Dialogs render in portals under <body>, outside #root: the whole body is watched.
spanishValidationOnly(document.body);
const root = createRoot(document.getElementById('root')!);

if (window.location.pathname === '/login') {
  // The sign-in page alone, without the admin: the first page anyone opens stays light on a phone.
  root.render(
    <StrictMode>
      <ThemeProvider theme={createTheme({ palette, components })}>
        <CssBaseline />
        <LoginPage standalone />
      </ThemeProvider>
    </StrictMode>,
  );
} else {
  import('./App').then(({ App }) => root.render(<StrictMode><App /></StrictMode>));
}
