import { lazy } from 'react';
import Storefront from '@mui/icons-material/Storefront';

export const icon = Storefront;
export const ClientPage = lazy(() => import('./ClientPage'));
