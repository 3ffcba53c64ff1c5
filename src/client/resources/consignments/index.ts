import { lazy } from 'react';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import LocalShipping from '@mui/icons-material/LocalShipping';

export const icon = LocalShipping;
export const calendarIcon = CalendarMonth;
/** FullCalendar travels with the calendar page only (a lazy route), never in the admin's first load. */
export const OrderCalendarPage = lazy(() => import('./OrderCalendarPage'));
const lists = () => import('./ConsignmentListPages');
export const StaffConsignmentListPage = lazy(() => lists().then((m) => ({ default: m.StaffConsignmentListPage })));
export const MemberConsignmentListPage = lazy(() => lists().then((m) => ({ default: m.MemberConsignmentListPage })));
const details = () => import('./ConsignmentDetailsPage');
export const StaffConsignmentDetailsPage = lazy(() => details().then((m) => ({ default: m.StaffConsignmentDetailsPage })));
export const MemberConsignmentDetailsPage = lazy(() => details().then((m) => ({ default: m.MemberConsignmentDetailsPage })));
