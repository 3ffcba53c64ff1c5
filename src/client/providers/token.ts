/**
 * Whether this browser is signed in. The session token itself never reaches the app's scripts: the
 * server sets it at login as the `X-Token` cookie (docs/roles.md), HttpOnly, and the browser sends that
 * cookie with the app's own same-origin requests. The token the login answers (for API clients) is
 * ignored. What is kept here is a marker that holds no secret, so that the app knows without asking the
 * server whether to show the login page; a session the server no longer knows answers a session code
 * and the marker goes (providers/http.ts).
 */
import { ALL_ROLES, type Role } from '../../shared/roles';

const KEY = 'cobertores.session';
/** The roles of the last session read: a hint, no secret (every request is still the server's to allow). */
const ROLES_KEY = 'cobertores.roles';
/** Where versions before issue 29 kept the token itself. */
const OLD_TOKEN_KEY = 'cobertores.token';
/** Where other hints of the last session are kept (rememberHint), all gone with the marker. */
const HINT_PREFIX = 'cobertores.hint.';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// A token left by an older version goes; its session, still in the cookie, stays signed in.
if (storage()?.getItem(OLD_TOKEN_KEY)) {
  storage()?.removeItem(OLD_TOKEN_KEY);
  storage()?.setItem(KEY, '1');
}

export function isSignedIn(): boolean {
  return storage()?.getItem(KEY) === '1';
}

export function markSignedIn() {
  storage()?.setItem(KEY, '1');
}

/** Forgets the marker; the HttpOnly cookie goes with the logout call (or is cleared by the server once dead). */
export function markSignedOut() {
  const kept = storage();
  kept?.removeItem(KEY);
  kept?.removeItem(ROLES_KEY);
  const hints = Array.from({ length: kept?.length ?? 0 }, (_, i) => kept?.key(i)).filter((key) => key?.startsWith(HINT_PREFIX));
  hints.forEach((key) => kept?.removeItem(key!));
}

/**
 * The roles this browser's session had when last read (providers/session.ts keeps them), so that the
 * app opens the page asked for while `auth/info` confirms them (issue 30): a page the roles no longer
 * allow then goes to the 404, as it would have at once. None when signed out or never read.
 */
export function lastKnownRoles(): Role[] | null {
  if (!isSignedIn()) return null;
  const roles = storage()?.getItem(ROLES_KEY)?.split(',').filter((role): role is Role => (ALL_ROLES as string[]).includes(role));
  return roles?.length ? roles : null;
}

export function rememberRoles(roles: readonly Role[]) {
  storage()?.setItem(ROLES_KEY, roles.join(','));
}

/**
 * A figure of the last session shown while the server is asked again (e.g. the orders to review), so that
 * what depends on it takes its place at once instead of pushing the page down when the answer arrives.
 * A hint, no secret; none when signed out.
 */
export function lastHint(name: string): string | null {
  return isSignedIn() ? storage()?.getItem(HINT_PREFIX + name) ?? null : null;
}

/** The number of orders to review last read (the admins' banner, resources/orders/ReviewBanner.tsx; layout/appShell.ts). */
export const REVIEW_COUNT_HINT = 'ordersToReview';

/** The member's unfinished cart last read (the top bar's banner, layout/Banners.tsx; layout/appShell.ts). */
export const CART_HINT = 'draftCart';

export function rememberHint(name: string, value: string) {
  storage()?.setItem(HINT_PREFIX + name, value);
}
