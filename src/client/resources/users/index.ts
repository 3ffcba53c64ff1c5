import { lazy } from 'react';
import People from '@mui/icons-material/People';

export const icon = People;
export const UserPage = lazy(() => import('./UserPage'));
export const ClientUsersPage = lazy(() => import('./ClientUsersPage'));
export const ProfilePage = lazy(() => import('./ProfilePage'));
