import { lazyPage } from '../../lazyPage';
import Widgets from '@mui/icons-material/Widgets';

export const icon = Widgets;
export const ItemPage = lazyPage(() => import('./ItemPage'));
export const ItemManagementPage = lazyPage(() => import('./ItemManagementPage'));
