import { lazy } from 'react';
import Dashboard from '@mui/icons-material/Dashboard';

export const icon = Dashboard;
/** The charts travel with this page only (a lazy route). */
export const DashboardPage = lazy(() => import('./DashboardPage'));
