import { lazyPage } from '../../lazyPage';
import People from '@mui/icons-material/People';

export const icon = People;
export const UserPage = lazyPage(() => import('./UserPage'));
export const ClientUsersPage = lazyPage(() => import('./ClientUsersPage'));
export const ProfilePage = lazyPage(() => import('./ProfilePage'));
