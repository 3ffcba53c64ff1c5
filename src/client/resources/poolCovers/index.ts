import { lazy } from 'react';
import Pool from '@mui/icons-material/Pool';

export const icon = Pool;
export const PoolCoverPage = lazy(() => import('./PoolCoverPage'));
