/** Orders: the drafts filter, and data sheets that belong to their calculation's order client. */
import { eq, or, sql } from 'drizzle-orm';
import { OrderStatus, ReviewStatus } from '../../shared/orders';
import type { ResourceHooks } from '../domain/records';
import { findCalculation, orderTotalColumns, withOrderTotal } from '../domain/orders';
import { orders } from '../db/tables';

export const orderHooks: ResourceHooks = {
  // Every list row carries its order's total, read in the page's own statement.
  listColumns: orderTotalColumns,
  listRow: withOrderTotal,
  // Drafts: carts not finished yet and orders staff sent back to draft.
  filters: { only_drafts: (value) => (value === true || value === 'true' ? or(eq(orders.status_id, OrderStatus.cart), eq(orders.order_review_status_id, ReviewStatus.draft))! : sql`true`) },
};

export const dataSheetImageHooks: ResourceHooks = {
  async beforeWrite({ ctx, tx, data, mode }) {
    if (mode !== 'create') return data;
    const { order } = await findCalculation(tx, ctx.user, data.order_calculus_id);
    return { ...data, client_id: order.client_id };
  },
};
