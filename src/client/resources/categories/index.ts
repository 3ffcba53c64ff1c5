import { lazy } from 'react';
import Category from '@mui/icons-material/Category';

export const icon = Category;
export const CategoryPage = lazy(() => import('./CategoryPage'));
