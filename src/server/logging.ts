/**
 * What the request log may say of a request. Some paths carry a secret — a password-reset code, a
 * signed file link — and a query may carry a token: whoever reads the logs must not be able to use them.
 */
import type { FastifyRequest } from 'fastify';

const HIDDEN = '[oculto]';

/**
 * Secret-bearing path segments, matched on the normalised path: the part before the secret, the secret;
 * under whatever segments come before them (the SPA serves any path; an absolute-form target starts with its host).
 */
const SECRET_PATHS = [
  /(\/(?:resetPassword|checkResetCode)\/)[^/]+/gi,
  /(\/api\/[^/]+\/file\/)[^/]+/gi,
  // A kiosk link's key opens the production board: its API and its page.
  /(\/traceability\/kiosk\/)[^/]+/gi,
  /(\/tablero\/)[^/]+/gi,
];
const SECRET_PARAMS = /^(token|x-token|code|forgotten_password_code)$/i;

/** Each run of escapes decoded where it decodes (a broken one is left as sent), until nothing changes. */
function decoded(path: string): string {
  for (let round = 0; round < 5; round++) {
    const next = path.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try { return decodeURIComponent(run); } catch { return run; }
    });
    if (next === path) break;
    path = next;
  }
  return path;
}

/**
 * The path as it is meant, whichever way it was spelt: escapes decoded (twice-escaped ones too), `\` read
 * as `/`, empty and `.` segments dropped, `..` taking the one before it.
 */
function normalisedPath(rawPath: string): string {
  const segments: string[] = [];
  for (const segment of decoded(rawPath).replace(/\\/g, '/').split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * The URL with every secret replaced by «[oculto]». The path is shown normalised whenever its spelling
 * differs ("/%72esetPassword/…", "//resetPassword/…", "/x/../resetPassword/…"), so that no spelling can
 * slip a secret past the patterns; one spelt plainly, or not decodable at all, is shown as sent.
 */
export function redactedUrl(url: string): string {
  const [rawPath, query = ''] = url.split(/\?(.*)/s, 2);
  const path = normalisedPath(rawPath);
  const hidden = SECRET_PATHS.reduce((p, pattern) => p.replace(pattern, `$1${HIDDEN}`), path);
  const plain = hidden === path && (path === rawPath || `${path}/` === rawPath);
  const shownPath = plain ? rawPath : hidden;
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
