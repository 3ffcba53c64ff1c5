/**
 * Whether this browser is signed in. The session token itself never reaches the app's scripts: the
 * server sets it at login as the `X-Token` cookie (docs/roles.md), HttpOnly, and the browser sends that
 * cookie with the app's own same-origin requests. The token the login answers (for API clients) is
 * ignored. What is kept here is a marker that holds no secret, so that the app knows without asking the
 * server whether to show the login page; a session the server no longer knows answers a session code
 * and the marker goes (providers/http.ts).
 */
const KEY = 'cobertores.session';
/** Where versions before issue 29 kept the token itself. */
const OLD_TOKEN_KEY = 'cobertores.token';

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
  storage()?.removeItem(KEY);
}
