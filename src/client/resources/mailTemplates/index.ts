import { lazyPage } from '../../lazyPage';
import MailOutline from '@mui/icons-material/MailOutline';

export const icon = MailOutline;
export const MailTemplatePage = lazyPage(() => import('./MailTemplatePage'));
