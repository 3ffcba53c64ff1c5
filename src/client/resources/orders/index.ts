import { lazy } from 'react';
import ShoppingCart from '@mui/icons-material/ShoppingCart';

export const icon = ShoppingCart;
const pages = () => import('./OrderListPages');
export const ReviewedOrdersPage = lazy(() => pages().then((m) => ({ default: m.ReviewedOrdersPage })));
export const OrdersToReviewPage = lazy(() => pages().then((m) => ({ default: m.OrdersToReviewPage })));
export const DraftOrdersPage = lazy(() => pages().then((m) => ({ default: m.DraftOrdersPage })));
export const ClientOrdersPage = lazy(() => pages().then((m) => ({ default: m.ClientOrdersPage })));
const details = () => import('./OrderDetailsPage');
export const OrderDetailsPage = lazy(() => details().then((m) => ({ default: m.StaffOrderDetailsPage })));
export const ClientOrderDetailsPage = lazy(() => details().then((m) => ({ default: m.ClientOrderDetailsPage })));
