import { lazyPage } from '../../lazyPage';
import Timer from '@mui/icons-material/Timer';

export const icon = Timer;
export const MyRecordPage = lazyPage(() => import('./MyRecordPage'));
export const RecordsPage = lazyPage(() => import('./RecordsPage'));
