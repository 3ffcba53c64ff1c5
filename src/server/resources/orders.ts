/** Orders: the drafts filter, a changed delivery day, and data sheets that belong to their calculation's order client. */
import { eq, or, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { isPastDeliveryDay } from '../../../schemas/order';
import { Msg } from '../../shared/messages';
import { OrderStatus, ReviewStatus } from '../../shared/orders';
import type { ResourceHooks } from '../domain/records';
import { findCalculation, orderTotalColumns, withOrderTotal } from '../domain/orders';
import { clients, orders } from '../db/tables';
import { invalid } from '../errors';

export const orderHooks: ResourceHooks = {
  // Every list row carries its order's total and its client's name, read in the page's own statement:
  // the staff's lists show the name with the rows, not after a second call.
  listColumns: {
    ...orderTotalColumns,
    // A builder's condition names both tables (in a bare sql`` the columns go unqualified).
    client_name: sql<string | null>`(${new QueryBuilder()
      .select({ name: clients.name })
      .from(clients)
      .where(eq(clients.id, orders.client_id))})`,
  },
  listRow: withOrderTotal,
  // Drafts: carts not finished yet and orders staff sent back to draft.
  filters: {
    only_drafts: (value) =>
      value === true || value === 'true'
        ? or(eq(orders.status_id, OrderStatus.cart), eq(orders.order_review_status_id, ReviewStatus.draft))!
        : sql`true`,
  },
  // Staff's edit: a delivery day they change is today or later; the one stored may stay (the form checks the same).
  beforeWrite({ data, existing }) {
    if (isPastDeliveryDay(data.delivery_date, existing?.delivery_date)) throw invalid({ delivery_date: Msg.deliveryDatePast });
    return data;
  },
};

export const dataSheetImageHooks: ResourceHooks = {
  async beforeWrite({ ctx, tx, data, mode }) {
    if (mode !== 'create') return data;
    const { order } = await findCalculation(tx, ctx.user, data.order_calculus_id);
    return { ...data, client_id: order.client_id };
  },
};
