import { lazyPage } from '../../lazyPage';
import Pool from '@mui/icons-material/Pool';

export const icon = Pool;
export const PoolCoverPage = lazyPage(() => import('./PoolCoverPage'));
