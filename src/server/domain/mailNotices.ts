/**
 * The mail notices to a client's members (issue 17 §5): an order of theirs validated, a consignment
 * with their orders scheduled. Each goes to the client's active members who have not turned it off in
 * their profile. Notices are queued in the write's own transaction (they leave once it commits); one
 * that cannot be composed is reported and the write stands.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatDay } from '../../shared/format';
import { madridToday } from '../../shared/madrid';
import { CLIENT_GROUP } from '../../shared/roles';
import type { Queryable, Tx } from '../db';
import { clients, consignments, orders, users } from '../db/tables';
import type { MailMessage } from '../mail';
import { queueMail } from './mailQueue';
import { composeMail } from './mailTemplates';

/** What queueing notices needs: the app's public address (for links) and where failures go. */
export interface Notifier {
  publicUrl: string;
  onFailure(error: Error): void;
}

type Wish = 'notify_order_validated' | 'notify_consignment';

/** The active members of these clients who want this notice. */
function membersWanting(db: Queryable, clientIds: number[], wish: Wish) {
  if (!clientIds.length) return Promise.resolve([]);
  return db.select({ email: users.email, first_name: users.first_name, client_id: users.client_id }).from(users)
    .where(and(eq(users.roles, CLIENT_GROUP), inArray(users.client_id, clientIds), eq(users.active, true), eq(users[wish], true)))
    .orderBy(asc(users.id));
}

/** The public tracking page of an order (`/track-order/{track_code}`, no session needed). */
export const trackingLink = (publicUrl: string, trackCode: string) =>
  `${publicUrl.replace(/\/+$/, '')}/track-order/${encodeURIComponent(trackCode)}`;

/**
 * Composes the mails in `tx` and queues them there. A failure is reported, never thrown: inside a
 * savepoint, so that even a failed statement leaves the write's transaction able to commit.
 */
export async function queueNotices(tx: Tx, notifier: Notifier, compose: (db: Queryable) => Promise<MailMessage[]>) {
  try {
    await tx.transaction(async (savepoint) => {
      for (const mail of await compose(savepoint)) await queueMail(savepoint, mail);
    });
  } catch (error) {
    notifier.onFailure(error as Error);
  }
}

/** The "pedido validado" mails of an order, one per member of its client who wants it. */
export async function orderValidatedMails(db: Queryable, publicUrl: string, orderId: number): Promise<MailMessage[]> {
  const [order] = await db
    .select({
      id: orders.id,
      client_id: orders.client_id,
      track_code: orders.track_code,
      customer_info: orders.customer_info,
      validated_date: orders.validated_date,
      client: clients.name,
    })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.client_id))
    .where(eq(orders.id, orderId));
  if (!order) return [];
  const members = await membersWanting(db, [order.client_id], 'notify_order_validated');
  return Promise.all(members.map(async (member) => ({
    to: member.email,
    ...(await composeMail(db, 'order_validated', {
      nombre: member.first_name, cliente: order.client, pedido: String(order.id), referencia: order.customer_info ?? '',
      fecha: order.validated_date ? formatDay(madridToday(order.validated_date.getTime())) : '',
      enlace: trackingLink(publicUrl, order.track_code),
    })),
  })));
}

/** "nº 12" → "el pedido nº 12"; several → "los pedidos nº 12, nº 13 y nº 15". */
export function ordersPhrase(ids: number[]): string {
  const numbers = ids.map((id) => `nº ${id}`);
  if (numbers.length === 1) return `el pedido ${numbers[0]}`;
  return `los pedidos ${numbers.slice(0, -1).join(', ')} y ${numbers.at(-1)}`;
}

/** "2027-03-04 09:30:00" (the consignment's wall-clock date) → "04/03/2027 09:30". */
const wallClock = (value: string) => `${formatDay(value)} ${value.slice(11, 16)}`.trim();

/**
 * The "envío programado" mails of a consignment about some of its orders (all of them when it is new
 * or its date changed, else those just added): per client of those orders, one mail to each of its
 * members who wants it, naming that client's orders and their tracking links.
 */
export async function consignmentScheduledMails(
  db: Queryable,
  publicUrl: string,
  consignmentId: number,
  orderIds: number[],
): Promise<MailMessage[]> {
  if (!orderIds.length) return [];
  const [consignment] = await db.select().from(consignments).where(eq(consignments.id, consignmentId));
  if (!consignment) return [];
  const carried = await db
    .select({ id: orders.id, client_id: orders.client_id, track_code: orders.track_code, client: clients.name })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.client_id))
    .where(inArray(orders.id, orderIds))
    .orderBy(asc(orders.id));
  const members = await membersWanting(db, [...new Set(carried.map((o) => o.client_id))], 'notify_consignment');
  const mails: MailMessage[] = [];
  for (const member of members) {
    const own = carried.filter((o) => o.client_id === member.client_id);
    const links = own.map((o) => trackingLink(publicUrl, o.track_code));
    mails.push({
      to: member.email,
      ...(await composeMail(db, 'consignment_scheduled', {
        nombre: member.first_name,
        cliente: own[0].client,
        pedidos: ordersPhrase(own.map((o) => o.id)),
        fecha: wallClock(consignment.date),
        transportista: consignment.carrier,
        seguimiento: consignment.tracking_number ?? '',
        enlace: own.length === 1 ? links[0] : own.map((o, i) => `Pedido nº ${o.id}: ${links[i]}`).join('\n'),
      })),
    });
  }
  return mails;
}
