/** The session data of docs/data.md sent by `auth/info`. */
import { eq, exists, sql } from 'drizzle-orm';
import { user as userResource } from '../../../schemas/user';
import { alias } from 'drizzle-orm/pg-core';
import { rolesOfGroup } from '../../shared/roles';
import { preparedFor, type Db } from '../db';
import { clients, orders, users } from '../db/tables';
import { OrderStatus } from '../../shared/orders';
import { fileUrl } from '../files/urls';
import { notFound } from '../errors';
import { isAdmin } from './auth';
import type { SessionUser } from './sessionUser';
import { getSettings } from './settings';
import { acceptedBudgets } from './budgets';

const cart = alias(orders, 'cart');

/**
 * One prepared statement per kind of user: the user, its client's fare and VAT, its cart's state and
 * whether it has accepted budgets (staff: anyone's; a member: its client's).
 */
const infoQuery = (staff: boolean) => preparedFor((db) => db
  .select({
    user: users, client_fare_id: clients.client_fare_id, tax_id: clients.tax_id, cart_status_id: cart.status_id,
    has_accepted_budgets: exists(acceptedBudgets(db, staff ? null : users.client_id)),
  })
  .from(users)
  .leftJoin(clients, eq(clients.id, users.client_id))
  .leftJoin(cart, eq(cart.id, users.current_cart_order_id))
  .where(eq(users.id, sql.placeholder('id')))
  .prepare(staff ? 'session_info_staff' : 'session_info_member'));
const infoOfStaff = infoQuery(true);
const infoOfMember = infoQuery(false);

/** Takes the app's context as routes hold it, though it reads only the database: the domain stays below the app. */
export async function sessionInfo({ db }: { db: Db }, me: SessionUser, token: string | null) {
  const settings = await getSettings(db);
  const [row] = await (isAdmin(me) ? infoOfStaff : infoOfMember)(db).execute({ id: me.id });
  if (!row) throw notFound();
  const { user } = row;
  const roles = rolesOfGroup(user.roles);
  const image = fileUrl(settings.file_secret, userResource, 'image', user.image);
  return {
    user: {
      id: user.id,
      ...(token ? { token } : {}),
      username: user.username,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      phone: user.phone,
      image,
      client_id: user.client_id,
      client_fare_id: row.client_fare_id,
      tax_id: row.tax_id,
      current_cart_order_id: user.current_cart_order_id,
      is_current_cart_order_a_draft: row.cart_status_id === OrderStatus.cart,
      has_accepted_budgets: row.has_accepted_budgets === true,
      roles,
      platform_scope_id: settings.platform_scope_id,
      // Only admins get through during maintenance; they see a banner while it lasts.
      maintenance_mode: settings.maintenance_mode,
      // The pool forms refuse a side over it before sending, with the server's words (src/shared/measurements.ts).
      max_cover_side: settings.max_cover_side,
    },
    roles,
    avatar: image,
  };
}
