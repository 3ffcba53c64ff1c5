import { lazyPage } from '../../lazyPage';
import ShoppingBasket from '@mui/icons-material/ShoppingBasket';

export const icon = ShoppingBasket;
export const OrderCartPage = lazyPage(() => import('./OrderCartPage'));
export const ClientCartPage = lazyPage(() => import('./ClientCartPage'));
