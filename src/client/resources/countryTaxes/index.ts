import { lazy } from 'react';
import Public from '@mui/icons-material/Public';

export const icon = Public;
export const CountryTaxPage = lazy(() => import('./CountryTaxPage'));
