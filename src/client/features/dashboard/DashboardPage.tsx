/** /dashboard: the staff's view of the business, or a member's of its own client. */
import { PageLoading } from '../../components/PageLoading';
import { useRoles } from '../../providers/useSession';
import { MemberDashboard } from './MemberDashboard';
import { StaffDashboard } from './StaffDashboard';

export default function DashboardPage() {
  // The last session's roles open the dashboard at once: its figures are the page's first read, and the
  // session check waits for them (providers/firstScreen.ts). Roles that changed meanwhile are the server's
  // to refuse, and the page follows the session's once it answers.
  const roles = useRoles();
  if (!roles) return <PageLoading />;
  return roles.includes('admin') ? <StaffDashboard /> : <MemberDashboard />;
}
