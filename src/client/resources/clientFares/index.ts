import { lazyPage } from '../../lazyPage';
import RequestQuote from '@mui/icons-material/RequestQuote';

export const icon = RequestQuote;
export const ClientFarePage = lazyPage(() => import('./ClientFarePage'));
export const FarePricesPage = lazyPage(() => import('./FarePricesPage'));
