import { lazyPage } from '../../lazyPage';
import ViewColumn from '@mui/icons-material/ViewColumn';

export const icon = ViewColumn;
/** /taller/tablero «Tablero de producción»: the workshop wall's live board (staff and taller). */
export const ProductionBoardPage = lazyPage(() => import('./ProductionBoardPage'));
/** /tablero/{key}: the same board on a kiosk screen, without a session (a link the office can revoke). */
export const KioskBoardPage = lazyPage(() => import('./KioskBoardPage'));
