import { lazy } from 'react';
import MailOutline from '@mui/icons-material/MailOutline';

export const icon = MailOutline;
export const MailTemplatePage = lazy(() => import('./MailTemplatePage'));
