/** Order lists: staff see them by review status (and the drafts), client members their own client's. */
import { ReviewStatus } from '../../../shared/orders';
import { OrderList } from './OrderList';

export const ReviewedOrdersPage = () => (
  <OrderList title="Pedidos revisados" viewer="staff" reviewStatus={ReviewStatus.reviewed} storeKey="order.list.reviewed" />
);
export const OrdersToReviewPage = () => (
  <OrderList title="Pedidos sin revisar" viewer="staff" reviewStatus={ReviewStatus.toReview} storeKey="order.list.toReview" />
);
export const DraftOrdersPage = () => <OrderList title="Pedidos en borrador" viewer="staff" drafts storeKey="order.list.drafts" />;
export const ClientOrdersPage = () => <OrderList title="Mis pedidos" viewer="client" storeKey="order.list.client" />;
