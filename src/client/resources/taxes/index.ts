import { lazy } from 'react';
import Percent from '@mui/icons-material/Percent';

export const icon = Percent;
export const TaxPage = lazy(() => import('./TaxPage'));
