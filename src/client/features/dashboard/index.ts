import { lazyPage } from '../../lazyPage';
import type { AppRoute } from '../../routing';
import { LIGHT_PAGES } from '../../../shared/lightPages';
import Dashboard from '@mui/icons-material/Dashboard';

export const icon = Dashboard;
/** The charts travel with this page only (a lazy route). */
export const DashboardPage = lazyPage(() => import('./DashboardPage'));
/**
 * Issue 17 §1: the first entry of the menu, the staff's and each member's own. Opened on a phone it draws
 * without react-admin (LightApp.tsx).
 */
export const dashboardRoute = {
  path: LIGHT_PAGES.dashboard, title: 'Panel de control', icon, roles: ['admin', 'client'], component: DashboardPage,
} satisfies AppRoute;
