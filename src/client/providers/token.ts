/**
 * The session token. The server also sets it as the `X-Token` cookie (docs/roles.md), HttpOnly: no script
 * reads that cookie. The app keeps the token it was answered at login here and sends it in the
 * `X-Token` header, which pages of other sites cannot send (CSRF).
 */
export const TOKEN_COOKIE = 'X-Token';
const KEY = 'cobertores.token';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(KEY) || null;
}

export function setToken(token: string) {
  storage()?.setItem(KEY, token);
}

/** Forgets the token; the HttpOnly cookie goes with the logout call (or dies with the session). */
export function clearToken() {
  storage()?.removeItem(KEY);
}
