/** /documentos: staff manage the library; a client member reads the documents meant for it. */
import { Loading } from 'react-admin';
import { useSession } from '../../providers/useSession';
import { MemberDocuments } from './MemberDocuments';
import { StaffDocuments } from './StaffDocuments';

export default function DocumentsPage() {
  const session = useSession();
  if (!session) return <Loading />;
  return session.roles.includes('admin') ? <StaffDocuments /> : <MemberDocuments />;
}
