import { lazyPage } from '../../lazyPage';
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
