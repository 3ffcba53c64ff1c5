import { lazyPage } from '../../lazyPage';
import UploadFile from '@mui/icons-material/UploadFile';

export const icon = UploadFile;
/** /configuracion/migracion-pedidos: historical orders from CSV files. */
export const OrderMigrationPage = lazyPage(() => import('./OrderMigrationPage'));
