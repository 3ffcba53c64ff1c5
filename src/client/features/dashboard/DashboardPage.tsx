/** /dashboard: the staff's view of the business, or a member's of its own client. */
import { Box, CircularProgress } from '@mui/material';
import { useSession } from '../../providers/useSession';
import { MemberDashboard } from './MemberDashboard';
import { StaffDashboard } from './StaffDashboard';

export default function DashboardPage() {
  const session = useSession();
  if (!session) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress aria-label="Cargando" /></Box>;
  return session.roles.includes('admin') ? <StaffDashboard /> : <MemberDashboard />;
}
