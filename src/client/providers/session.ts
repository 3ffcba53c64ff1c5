/** The signed-in user's session data (docs/data.md), fetched once from `auth/info` and cached. */
import type { Role } from '../../shared/roles';
import { authContracts } from '../../shared/contracts/auth';
import type { SessionData } from '../../shared/session';
import { call } from './http';
import { CART_HINT, isSignedIn, lastKnownRoles, rememberHint, rememberRoles } from './token';

export type { SessionData };

let cached: Promise<SessionData> | null = null;
/** The session last read, once `auth/info` has answered. */
let current: SessionData | null = null;
const listeners = new Set<(session: SessionData | null) => void>();

export function loadSession(force = false): Promise<SessionData> {
  if (!isSignedIn()) return Promise.reject(new Error('no session'));
  if (!cached || force) {
    // The token is left out: answered only to API clients that sent it (the app goes by its cookie).
    const request = call(authContracts.info, {}, { silent: true })
      .then(({ user: { token: _token, ...user }, roles }): SessionData => ({ ...user, roles }));
    cached = request;
    request.then((session) => {
      current = session;
      rememberRoles(session.roles);
      rememberHint(CART_HINT, String(draftCartOf(session) ?? ''));
      listeners.forEach((l) => l(session));
    }, () => { if (cached === request) cached = null; });
  }
  return cached;
}

/** The user's unfinished cart, if any: the top bar's banner leads to it. */
export const draftCartOf = (session: SessionData) => (session.is_current_cart_order_a_draft ? session.current_cart_order_id : null);

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
