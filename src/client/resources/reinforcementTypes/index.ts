import { lazy } from 'react';
import Layers from '@mui/icons-material/Layers';

export const icon = Layers;
export const ReinforcementTypePage = lazy(() => import('./ReinforcementTypePage'));
