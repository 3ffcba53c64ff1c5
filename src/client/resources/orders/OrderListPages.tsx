/** Order lists: staff see them by review status, client members their own client's. */
import { order } from '../../../../schemas/order';
import { ReviewStatus } from '../../../shared/orders';
import { ResourcePage } from '../generated/ResourcePage';

const staffColumns = ['id', 'created_at', 'client_id', 'customer_info', 'buyer_city', 'order_review_status_id', 'delivery_date'];

export const ReviewedOrdersPage = () => (
  <ResourcePage schema={order} title="Pedidos revisados" permanentFilter={{ order_review_status_id: ReviewStatus.reviewed }} columns={staffColumns} />
);
export const OrdersToReviewPage = () => (
  <ResourcePage schema={order} title="Pedidos sin revisar" permanentFilter={{ order_review_status_id: ReviewStatus.toReview }} columns={staffColumns} />
);
export const DraftOrdersPage = () => (
  <ResourcePage schema={order} title="Pedidos en borrador" permanentFilter={{ order_review_status_id: ReviewStatus.draft }} columns={staffColumns} />
);
export const ClientOrdersPage = () => (
  <ResourcePage schema={order} title="Mis pedidos" columns={['id', 'created_at', 'customer_info', 'buyer_city', 'order_review_status_id', 'delivery_date']} />
);
