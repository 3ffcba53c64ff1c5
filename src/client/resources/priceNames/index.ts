import { lazy } from 'react';
import Sell from '@mui/icons-material/Sell';

export const icon = Sell;
export const PriceNamePage = lazy(() => import('./PriceNamePage'));
