import { StrictMode } from 'react';
import { createTheme, CssBaseline, ThemeProvider } from '@mui/material';
import { appRenderer, isLightDocument, pageRoot, prepareFramePage } from './appRoot';
import { prefetchAppScripts } from './appScripts';
import { components, palette, transitions } from './brand';
import LoginPage, { type AppOpener } from './pages/LoginPage';

/**
 * index.html's page (and login.html's). Its module shares the sign-in page's chunk, which the light pages
 * (LightApp.tsx: scan.html, dashboard.html) load as well: there their own script draws the page, and this one does nothing.
 */
function startIndexPage() {
  const root = pageRoot();
  const renderApp = appRenderer(root);

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
    prepareFramePage();
    void renderApp();
  }
}

if (!isLightDocument()) startIndexPage();
