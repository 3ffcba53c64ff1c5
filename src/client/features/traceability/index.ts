import { lazyPage } from '../../lazyPage';
import { SCAN_PATH } from '../../paths/traceability';
import type { AppRoute } from '../../routing';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Timeline from '@mui/icons-material/Timeline';

export const icon = Timeline;
export const scanIcon = QrCodeScanner;
/** /configuracion/traceability-configuration: the ordered production steps. */
export const TraceabilityConfigPage = lazyPage(() => import('./TraceabilityConfigPage'));
/** /bar-code/{code}: public (no layout); a signed-in admin marks the next step. */
export const BarCodePage = lazyPage(() => import('./BarCodePage'));
/** /escanear «Escanear»: the staff's camera reading labels (its reader, and ZXing's wasm, load with it only). */
export const ScanPage = lazyPage(() => import('./ScanPage'));
/**
 * Issue 28 §1: «Escanear», the camera reading the labels; the workshop's first entry, the office's beside its
 * orders (the labels come from an order). On a phone the top bar has it too (AppBar), and opened there it
 * draws without react-admin (LightApp.tsx).
 */
export const scanRoute = {
  path: SCAN_PATH, title: 'Escanear', icon: scanIcon, roles: ['admin', 'taller'], component: ScanPage,
} satisfies AppRoute;
