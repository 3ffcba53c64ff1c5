import { lazy } from 'react';
import Timer from '@mui/icons-material/Timer';

export const icon = Timer;
export const MyRecordPage = lazy(() => import('./MyRecordPage'));
export const RecordsPage = lazy(() => import('./RecordsPage'));
