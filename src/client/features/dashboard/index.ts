import { lazyPage } from '../../lazyPage';
import Dashboard from '@mui/icons-material/Dashboard';

export const icon = Dashboard;
/** The charts travel with this page only (a lazy route). */
export const DashboardPage = lazyPage(() => import('./DashboardPage'));
