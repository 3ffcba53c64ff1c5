import { lazy } from 'react';
import Business from '@mui/icons-material/Business';

export const icon = Business;
export const InvoicingCompanyPage = lazy(() => import('./InvoicingCompanyPage'));
