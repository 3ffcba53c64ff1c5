import { lazyPage } from '../../lazyPage';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import LocalShipping from '@mui/icons-material/LocalShipping';

export const icon = LocalShipping;
export const calendarIcon = CalendarMonth;
/** FullCalendar travels with the calendar page only (a lazy route), never in the admin's first load. */
export const OrderCalendarPage = lazyPage(() => import('./OrderCalendarPage'));
const lists = () => import('./ConsignmentListPages');
export const StaffConsignmentListPage = lazyPage(() => lists().then((m) => ({ default: m.StaffConsignmentListPage })));
export const MemberConsignmentListPage = lazyPage(() => lists().then((m) => ({ default: m.MemberConsignmentListPage })));
const details = () => import('./ConsignmentDetailsPage');
export const StaffConsignmentDetailsPage = lazyPage(() => details().then((m) => ({ default: m.StaffConsignmentDetailsPage })));
export const MemberConsignmentDetailsPage = lazyPage(() => details().then((m) => ({ default: m.MemberConsignmentDetailsPage })));
