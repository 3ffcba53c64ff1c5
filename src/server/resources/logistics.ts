/** Consignments carry their orders (written with them); members see those carrying their own orders. */
import { eq } from 'drizzle-orm';
import { Msg } from '../../shared/messages';
import { linkedIdsNote } from '../domain/audit';
import type { ResourceHooks } from '../domain/records';
import { consignment_orders, order_item_steps } from '../db/tables';
import { invalid } from '../errors';
import {
  listedConsignmentOrders, memberConsignments, releaseConsignmentOrders, syncConsignmentOrders, withConsignmentOrders,
} from '../domain/logistics';
import { consignmentScheduledMails, queueNotices } from '../domain/mailNotices';

export const consignmentHooks: ResourceHooks = {
  expand: withConsignmentOrders,
  listRelated: listedConsignmentOrders,
  scope: (user, binder) => memberConsignments(binder.bind(user.client_id ?? -1)),
  async afterWrite({ ctx, tx, mode, before, after, data }) {
    if (mode === 'delete' || !after) return;
    const id = after.id as number;
    const carried = async () =>
      (await tx.select({ id: consignment_orders.order_id }).from(consignment_orders).where(eq(consignment_orders.consignment_id, id))).map(
        (o) => o.id,
      );
    const held = mode === 'update' ? await carried() : [];
    if (data?.order_ids) await syncConsignmentOrders(tx, id, data.order_ids as number[]);
    // Members hear of a consignment when it is made, when it changes date (all its orders) and of the orders just added to it.
    const now = await carried();
    const told = mode === 'create' || before?.date !== after.date ? now : now.filter((orderId) => !held.includes(orderId));
    const notifier = ctx.notifier;
    if (notifier && told.length) await queueNotices(tx, notifier, (db) => consignmentScheduledMails(db, notifier.publicUrl, id, told));
    // The orders it carries (a link table) join its audit row.
    return linkedIdsNote('order_ids', held, now);
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
    const [used] = await tx
      .select({ id: order_item_steps.id })
      .from(order_item_steps)
      .where(eq(order_item_steps.production_step_id, existing.id as number))
      .limit(1);
    if (used) throw invalid({ _form: Msg.stepInUse }, Msg.stepInUse);
  },
};
