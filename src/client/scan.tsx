/**
 * scan.html's script: «Escanear» (issue 28 §1), which the workshop opens dozens of times a day on a phone. A
 * signed-in phone draws the scanner in the app's top bar without the back office (ScanApp.tsx, issue 46); a
 * desktop, or a browser without a session, opens the back office as index.html does (the sign-in, the frame).
 */
import { appRenderer, pageRoot, prepareFramePage } from './appRoot';
import { MOBILE_QUERY } from './layout/appShell';
import { isSignedIn } from './providers/token';
import { renderScanApp } from './ScanApp';

const root = pageRoot();
const renderApp = appRenderer(root);
prepareFramePage();
if (isSignedIn() && window.matchMedia(MOBILE_QUERY).matches) void renderScanApp(root, renderApp);
else void renderApp();
