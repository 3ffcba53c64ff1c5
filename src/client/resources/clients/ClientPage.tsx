import PeopleIcon from '@mui/icons-material/People';
import { Button, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { client } from '../../../../schemas/client';
import { ResourcePage } from '../generated/ResourcePage';

/** Opens the users of the row's client (/usuarios/cliente/{id}). */
function ClientUsersButton() {
  const record = useRecordContext();
  const navigate = useNavigate();
  if (!record) return null;
  return <Button label="Usuarios" onClick={(e) => { e.stopPropagation(); navigate(`/usuarios/cliente/${record.id}`); }}><PeopleIcon /></Button>;
}

export default function ClientPage() {
  return <ResourcePage schema={client} extraColumns={[<ClientUsersButton key="users" />]} />;
}
