import { lazy } from 'react';
import ShoppingBasket from '@mui/icons-material/ShoppingBasket';

export const icon = ShoppingBasket;
export const OrderCartPage = lazy(() => import('./OrderCartPage'));
export const ClientCartPage = lazy(() => import('./ClientCartPage'));
