import type { Role } from '../shared/roles';

/**
 * Where "the orders list" is for each role (docs/business-rules.md): admins and client members differ. It is each
 * role's landing page too: the workshop, which has no orders list, lands on its check-in record.
 */
export function ordersListPath(roles: readonly Role[]) {
  return roles.includes('admin') ? ADMIN_HOME : roles.includes('taller') ? TALLER_HOME : CLIENT_HOME;
}

export const ADMIN_HOME = '/orders/reviewed-orders';
export const CLIENT_HOME = '/client-orders/index';
export const TALLER_HOME = '/fichaje';
