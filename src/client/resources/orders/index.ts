import { lazyPage } from '../../lazyPage';
import ShoppingCart from '@mui/icons-material/ShoppingCart';

export const icon = ShoppingCart;
// The lists come with the app: staff and members land on one (routing.ts).
export { ClientOrdersPage, DraftOrdersPage, OrdersToReviewPage, ReviewedOrdersPage } from './OrderListPages';
const details = () => import('./OrderDetailsPage');
export const OrderDetailsPage = lazyPage(() => details().then((m) => ({ default: m.StaffOrderDetailsPage })));
export const ClientOrderDetailsPage = lazyPage(() => details().then((m) => ({ default: m.ClientOrderDetailsPage })));
