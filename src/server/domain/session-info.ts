/** The session data of spec §3 sent by `auth/info`. */
import { eq } from 'drizzle-orm';
import { rolesOfGroup } from '../../shared/roles';
import type { AppContext } from '../context';
import { clients, orders, users } from '../db/tables';
import { OrderStatus } from '../../shared/orders';
import { fileUrl } from '../files/urls';
import { getSettings } from './settings';
import { hasAcceptedBudgets } from './budgets';

export async function sessionInfo(ctx: AppContext, user: typeof users.$inferSelect, token: string) {
  const settings = await getSettings(ctx.db);
  const [client] = user.client_id
    ? await ctx.db.select({ client_fare_id: clients.client_fare_id, tax_id: clients.tax_id }).from(clients).where(eq(clients.id, user.client_id))
    : [];
  const [cart] = user.current_cart_order_id
    ? await ctx.db.select({ status_id: orders.status_id }).from(orders).where(eq(orders.id, user.current_cart_order_id))
    : [];
  const roles = rolesOfGroup(user.roles);
  const image = fileUrl(settings.file_secret, 'user', 'image', user.image);
  return {
    user: {
      id: user.id,
      token,
      username: user.username,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      phone: user.phone,
      image,
      client_id: user.client_id,
      client_fare_id: client?.client_fare_id ?? null,
      tax_id: client?.tax_id ?? null,
      current_cart_order_id: user.current_cart_order_id,
      is_current_cart_order_a_draft: cart?.status_id === OrderStatus.cart,
      has_accepted_budgets: await hasAcceptedBudgets(ctx.db, { roles, client_id: user.client_id }),
      roles,
      platform_scope_id: settings.platform_scope_id,
      // Only admins get through during maintenance; they see a banner while it lasts.
      maintenance_mode: settings.maintenance_mode,
    },
    roles,
    avatar: image,
  };
}
