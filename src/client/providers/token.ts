/** The session token lives in the `X-Token` cookie (spec §6) and travels in the `X-Token` header. */
export const TOKEN_COOKIE = 'X-Token';

export function getToken(): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${TOKEN_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(TOKEN_COOKIE.length + 1)) : null;
}

export function setToken(token: string) {
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; path=/; SameSite=Lax`;
}

export function clearToken() {
  document.cookie = `${TOKEN_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}
