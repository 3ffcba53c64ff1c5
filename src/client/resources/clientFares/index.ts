import { lazy } from 'react';
import RequestQuote from '@mui/icons-material/RequestQuote';

export const icon = RequestQuote;
export const ClientFarePage = lazy(() => import('./ClientFarePage'));
export const FarePricesPage = lazy(() => import('./FarePricesPage'));
