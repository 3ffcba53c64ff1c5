import { lazy } from 'react';
import Tune from '@mui/icons-material/Tune';

export const icon = Tune;
export const AppSettingsPage = lazy(() => import('./AppSettingsPage'));
