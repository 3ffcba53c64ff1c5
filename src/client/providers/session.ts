/** The signed-in user's session data (docs/data.md), fetched once from `auth/info` and cached. */
import type { Role } from '../../shared/roles';
import { api } from './http';
import { isSignedIn } from './token';

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
const listeners = new Set<(session: SessionData | null) => void>();

export function loadSession(force = false): Promise<SessionData> {
  if (!isSignedIn()) return Promise.reject(new Error('no session'));
  if (!cached || force) {
    const request = api<InfoResponse>('/api/auth/info', { silent: true }).then((info) => ({ ...info.user, roles: info.roles }));
    cached = request;
    request.then((session) => listeners.forEach((l) => l(session)), () => { if (cached === request) cached = null; });
  }
  return cached;
}

export function forgetSession() {
  cached = null;
  listeners.forEach((l) => l(null));
}

export function onSessionChange(listener: (session: SessionData | null) => void) {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}
