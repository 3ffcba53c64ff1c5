/**
 * dashboard.html's script: the dashboard (issue 17 §1), everyone's first entry, drawn on a phone without
 * the back office (LightApp.tsx, issue 46).
 */
import { dashboardRoute } from './features/dashboard';
import DashboardPage from './features/dashboard/DashboardPage';
import { startLightPage } from './LightApp';

startLightPage(dashboardRoute, DashboardPage);
