import { lazyPage } from '../../lazyPage';
import Outbox from '@mui/icons-material/Outbox';

export const icon = Outbox;
export const MailOutboxPage = lazyPage(() => import('./MailOutboxPage'));
