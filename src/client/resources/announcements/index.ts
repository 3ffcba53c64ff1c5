import { lazyPage } from '../../lazyPage';
import Campaign from '@mui/icons-material/Campaign';

export const icon = Campaign;
/** /tablon: staff with the admin role manage the announcements; members and the workshop read theirs. */
export const AnnouncementsPage = lazyPage(() => import('./AnnouncementsPage'));
