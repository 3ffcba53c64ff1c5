import { lazyPage } from '../../lazyPage';
import Sync from '@mui/icons-material/Sync';
import Widgets from '@mui/icons-material/Widgets';

// The wizards (ItemWizardDialog, ReelWizardDialog) are imported from their files by the pages that
// use them, so this index stays light for the route table.
export const itemListIcon = Widgets;
export const reelListIcon = Sync;
export const ItemListPage = lazyPage(() => import('./ItemListPage'));
export const ReelListPage = lazyPage(() => import('./ReelListPage'));
