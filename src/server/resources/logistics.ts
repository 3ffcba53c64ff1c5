/** Consignments carry their orders (written with them); members see those carrying their own orders. */
import { eq } from 'drizzle-orm';
import { Msg } from '../../shared/messages';
import type { ResourceHooks } from '../domain/records';
import { order_item_steps } from '../db/tables';
import { invalid } from '../errors';
import { memberConsignments, releaseConsignmentOrders, syncConsignmentOrders, withConsignmentOrders } from '../domain/logistics';

export const consignmentHooks: ResourceHooks = {
  expand: withConsignmentOrders,
  scope: (user) => memberConsignments(user.client_id),
  async afterWrite({ tx, mode, after, data }) {
    if (mode !== 'delete' && after && data?.order_ids) await syncConsignmentOrders(tx, after.id as number, data.order_ids as number[]);
  },
  beforeDelete: ({ tx, existing }) => releaseConsignmentOrders(tx, existing.id as number),
};

/** A task records who created it. */
export const taskHooks: ResourceHooks = {
  beforeWrite: ({ ctx, data, mode }) => (mode === 'create' ? { ...data, user_id: ctx.user.id } : data),
};

/** A step some item has already been through cannot go: its record (who, when) would be lost. */
export const productionStepHooks: ResourceHooks = {
  async beforeDelete({ tx, existing }) {
    const [used] = await tx.select({ id: order_item_steps.id }).from(order_item_steps).where(eq(order_item_steps.production_step_id, existing.id as number)).limit(1);
    if (used) throw invalid({ _form: Msg.stepInUse }, Msg.stepInUse);
  },
};
