import { lazyPage } from '../../lazyPage';
import Category from '@mui/icons-material/Category';

export const icon = Category;
export const CategoryPage = lazyPage(() => import('./CategoryPage'));
