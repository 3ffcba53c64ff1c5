import { lazy } from 'react';
import ViewColumn from '@mui/icons-material/ViewColumn';

export const icon = ViewColumn;
/** /taller/tablero «Tablero de producción»: the workshop wall's live board (staff and taller). */
export const ProductionBoardPage = lazy(() => import('./ProductionBoardPage'));
