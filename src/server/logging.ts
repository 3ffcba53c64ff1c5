/**
 * What the request log may say of a request. Some paths carry a secret — a password-reset code, a
 * signed file link — and a query may carry a token: whoever reads the logs must not be able to use them.
 */
import type { FastifyRequest } from 'fastify';

const HIDDEN = '[oculto]';

/** Secret-bearing path segments: the part before the secret, the secret, and what may follow. */
const SECRET_PATHS = [
  /^(\/api\/external\/checkResetCode\/)[^/?#]+/i,
  /^(\/resetPassword\/)[^/?#]+/i,
  /^(\/api\/[^/]+\/file\/)[^/?#]+/i,
];
const SECRET_PARAMS = /^(token|x-token|code|forgotten_password_code)$/i;

/** The URL with every secret replaced by «[oculto]». A path spelt with escapes ("/%61pi/…") is read as sent. */
export function redactedUrl(url: string): string {
  const [rawPath, query = ''] = url.split(/\?(.*)/s, 2);
  let path = rawPath;
  try { path = decodeURIComponent(rawPath); } catch { /* not decodable: matched as it is */ }
  const hidden = SECRET_PATHS.reduce((p, pattern) => p.replace(pattern, `$1${HIDDEN}`), path);
  const shownPath = hidden === path ? rawPath : hidden;
  if (!query) return shownPath;
  const params = new URLSearchParams(query);
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.test(key)) { params.set(key, HIDDEN); changed = true; }
  }
  return `${shownPath}?${changed ? params.toString() : query}`;
}

/** Fastify's request serializer, with the URL redacted. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
