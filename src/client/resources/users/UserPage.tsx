import { user } from '../../../../schemas/user';
import { ResourcePage } from '../generated/ResourcePage';

export const USER_FORM_FIELDS = [
  'username',
  'first_name',
  'last_name',
  'email',
  'phone',
  'roles',
  'client_id',
  'active',
  'password',
  'password_confirm',
  'image',
];

export default function UserPage() {
  return <ResourcePage schema={user} dialog={{ fields: USER_FORM_FIELDS }} />;
}
