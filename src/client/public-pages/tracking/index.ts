import { lazy } from 'react';
import LocalShipping from '@mui/icons-material/LocalShipping';

export const icon = LocalShipping;
/**
 * /track-order and /track-order/{track_code} are served as their own page (tracking.html, public);
 * inside the back office their routes only load that page.
 */
export const TrackingDocumentPage = lazy(() => import('./DocumentLoad'));
