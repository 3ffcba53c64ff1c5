/** /usuarios/cliente/{id_cliente}: the users of one client; new users are members of it, client locked. */
import { useParams } from 'react-router-dom';
import { Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import { user } from '../../../../schemas/user';
import { CLIENT_GROUP } from '../../../shared/roles';
import { ResourcePage } from '../generated/ResourcePage';
import { USER_FORM_FIELDS } from './UserPage';

export default function ClientUsersPage() {
  const clientId = Number(useParams().id_cliente);
  const { data: client } = useGetOne('client', { id: clientId }, { enabled: Number.isInteger(clientId) && clientId > 0 });
  return (
    <>
      {client && <Typography variant="h6" component="h2" sx={{ mt: 1 }}>Usuarios de {client.name}</Typography>}
      <ResourcePage
        schema={user}
        title={client ? `Usuarios de ${client.name}` : 'Usuarios del cliente'}
        permanentFilter={{ client_id: clientId }}
        createDefaults={{ roles: CLIENT_GROUP }}
        locked={['client_id']}
        dialog={{ fields: USER_FORM_FIELDS }}
      />
    </>
  );
}
