import { lazy } from 'react';
import History from '@mui/icons-material/History';

export const icon = History;
export const AuditPage = lazy(() => import('./AuditPage'));
