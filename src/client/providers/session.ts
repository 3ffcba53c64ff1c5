/** The signed-in user's session data (docs/data.md), fetched once from `auth/info` and cached. */
import type { Role } from '../../shared/roles';
import { api } from './http';
import { isSignedIn, lastKnownRoles, rememberRoles } from './token';

export interface SessionData {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  image: string | null;
  client_id: number | null;
  client_fare_id: number | null;
  tax_id: number | null;
  current_cart_order_id: number | null;
  is_current_cart_order_a_draft: boolean;
  has_accepted_budgets: boolean;
  roles: Role[];
  platform_scope_id: number;
  maintenance_mode: boolean;
}

interface InfoResponse { user: SessionData; roles: Role[]; avatar: string | null }

let cached: Promise<SessionData> | null = null;
/** The session last read, once `auth/info` has answered. */
let current: SessionData | null = null;
const listeners = new Set<(session: SessionData | null) => void>();

export function loadSession(force = false): Promise<SessionData> {
  if (!isSignedIn()) return Promise.reject(new Error('no session'));
  if (!cached || force) {
    const request = api<InfoResponse>('/api/auth/info', { silent: true }).then((info) => ({ ...info.user, roles: info.roles }));
    cached = request;
    request.then((session) => {
      current = session;
      rememberRoles(session.roles);
      listeners.forEach((l) => l(session));
    }, () => { if (cached === request) cached = null; });
  }
  return cached;
}

/** The roles as known now, without waiting: the session's once read, before that the last session's (token.ts). */
export function rolesNow(): Role[] | null {
  return current?.roles ?? lastKnownRoles();
}

export function forgetSession() {
  cached = null;
  current = null;
  listeners.forEach((l) => l(null));
}

export function onSessionChange(listener: (session: SessionData | null) => void) {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}
