/** Consignments carry their orders (written with them); members see those carrying their own orders. */
import type { ResourceHooks } from '../domain/records';
import { memberConsignments, syncConsignmentOrders, withConsignmentOrders } from '../domain/logistics';

export const consignmentHooks: ResourceHooks = {
  expand: withConsignmentOrders,
  scope: (user) => memberConsignments(user.client_id),
  async afterWrite({ tx, mode, after, data }) {
    if (mode !== 'delete' && after && data?.order_ids) await syncConsignmentOrders(tx, after.id as number, data.order_ids as number[]);
  },
};

/** A task records who created it. */
export const taskHooks: ResourceHooks = {
  beforeWrite: ({ ctx, data, mode }) => (mode === 'create' ? { ...data, user_id: ctx.user.id } : data),
};
