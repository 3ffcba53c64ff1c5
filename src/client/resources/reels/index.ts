import { lazyPage } from '../../lazyPage';
import Sync from '@mui/icons-material/Sync';

export const icon = Sync;
export const ReelPage = lazyPage(() => import('./ReelPage'));
export const ReelDiameterPage = lazyPage(() => import('./ReelDiameterPage'));
