/**
 * The back office's page root, for the html pages that hold it: index.html (main.tsx) and the light pages
 * (src/shared/lightPages.ts: scan.html, dashboard.html), which on a phone draw their page first and the back
 * office when the user goes elsewhere (LightApp.tsx).
 */
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { spanishValidationOnly } from './components/spanishValidationOnly';
import { fitAppShell } from './layout/appShell';
import { loadSession } from './providers/session';
import { isSignedIn, lastKnownRoles } from './providers/token';

/** Whether this document is a light page (marked on its <html> by the build), which its own script draws. */
export const isLightDocument = () => document.documentElement.dataset.page === 'light';

/** The page's React root, its inputs' messages in Spanish only. */
export function pageRoot(): Root {
  // Dialogs render in portals under <body>, outside #root: the whole body is watched.
  spanishValidationOnly(document.body);
  return createRoot(document.getElementById('root')!);
}

/** Renders the back office into `root` on the address shown, once its scripts and the page's are here. */
export const appRenderer = (root: Root) => () => import('./App').then(async ({ App, preloadPageAt }) => {
  await preloadPageAt(window.location.pathname);
  root.render(<StrictMode><App /></StrictMode>);
});

/**
 * What a page of the frame does before its scripts draw it: fits the html's picture of the frame to this
 * browser (appShell.ts) and, without the last session's roles, starts the session check now, beside the
 * scripts (issue 30); with them the page opens on them and asks once its first read is on screen
 * (providers/firstScreen.ts).
 */
export function prepareFramePage() {
  fitAppShell();
  if (isSignedIn() && !lastKnownRoles()) loadSession().catch(() => undefined);
}
