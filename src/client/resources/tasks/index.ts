import { lazyPage } from '../../lazyPage';
import EventNote from '@mui/icons-material/EventNote';

export const icon = EventNote;
/** FullCalendar travels with this page only (a lazy route), never in the admin's first load. */
export const TaskCalendarPage = lazyPage(() => import('./TaskCalendarPage'));
