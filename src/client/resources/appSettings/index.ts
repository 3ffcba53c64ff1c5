import { lazyPage } from '../../lazyPage';
import Tune from '@mui/icons-material/Tune';

export const icon = Tune;
export const AppSettingsPage = lazyPage(() => import('./AppSettingsPage'));
