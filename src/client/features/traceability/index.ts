import { lazy } from 'react';
import Timeline from '@mui/icons-material/Timeline';

export const icon = Timeline;
/** /configuracion/traceability-configuration: the ordered production steps. */
export const TraceabilityConfigPage = lazy(() => import('./TraceabilityConfigPage'));
/** /bar-code/{code}: public (no layout); a signed-in admin marks the next step. */
export const BarCodePage = lazy(() => import('./BarCodePage'));
