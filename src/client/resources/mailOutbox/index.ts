import { lazy } from 'react';
import Outbox from '@mui/icons-material/Outbox';

export const icon = Outbox;
export const MailOutboxPage = lazy(() => import('./MailOutboxPage'));
