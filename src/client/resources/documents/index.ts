import { lazyPage } from '../../lazyPage';
import FolderOpen from '@mui/icons-material/FolderOpen';

export const icon = FolderOpen;
/** /documentos: the staff's library (documents and categories) or a member's documents, by role. */
export const DocumentsPage = lazyPage(() => import('./DocumentsPage'));
