import { lazy } from 'react';
import Sync from '@mui/icons-material/Sync';

export const icon = Sync;
export const ReelPage = lazy(() => import('./ReelPage'));
export const ReelDiameterPage = lazy(() => import('./ReelDiameterPage'));
