import { lazy } from 'react';
import Widgets from '@mui/icons-material/Widgets';

export const icon = Widgets;
export const ItemPage = lazy(() => import('./ItemPage'));
export const ItemManagementPage = lazy(() => import('./ItemManagementPage'));
