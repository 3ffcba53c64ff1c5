/**
 * scan.html's script: «Escanear» (issue 28 §1), which the workshop opens dozens of times a day on a phone,
 * drawn there without the back office (LightApp.tsx, issue 46).
 */
import { scanRoute } from './features/traceability';
import ScanPage from './features/traceability/ScanPage';
import { startLightPage } from './LightApp';

startLightPage(scanRoute, ScanPage);
