/**
 * /tablon, the bulletin board (issue 17 §2). Staff with the admin role manage every announcement (the
 * generated list and dialogs, the chosen clients, "who has read it"); members and the workshop read the
 * ones addressed to them.
 */
import { LinearProgress } from '@mui/material';
import { useSession } from '../../providers/useSession';
import { AnnouncementBoard } from './AnnouncementBoard';
import { StaffAnnouncements } from './StaffAnnouncements';

export default function AnnouncementsPage() {
  const session = useSession();
  if (!session) return <LinearProgress aria-label="Cargando" />;
  return session.roles.includes('admin') ? <StaffAnnouncements /> : <AnnouncementBoard />;
}
