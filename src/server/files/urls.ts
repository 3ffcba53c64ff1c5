/**
 * File URLs `/api/{Entity}/file/{token}/{field}/{filename}`: the token is an HMAC of entity, field and
 * name, so a URL is only valid for the file it was issued for and cannot be guessed.
 *
 * Catalogue images (resources with `publicFiles`) keep one token for ever: public pages show them and
 * browsers cache them. Every other file's token carries its expiry ("<expiry>.<hmac>"), and the file
 * route also asks whether the session may still read the record behind it: a link copied, logged or kept
 * by someone whose right has gone stops working within the hour.
 */
import crypto from 'node:crypto';
import type { ResourceSchema } from '../../shared/resource';

/**
 * Links are issued per window so that the same file keeps the same URL for a while (the browser's cache
 * and React's rendering see one address): a link lives between one and two windows.
 */
export const FILE_LINK_WINDOW_MS = 30 * 60_000;

const hmac = (secret: string, text: string) => crypto.createHmac('sha256', secret).update(text).digest('base64url').slice(0, 32);

/** The expiry (seconds since 1970, base 36) a private link issued at `now` carries. */
function linkExpiry(now: number) {
  return Math.floor((Math.floor(now / FILE_LINK_WINDOW_MS) + 2) * FILE_LINK_WINDOW_MS / 1000).toString(36);
}

export function fileToken(secret: string, schema: ResourceSchema, field: string, filename: string, now = Date.now()) {
  const path = `${schema.name}/${field}/${filename}`;
  if (schema.publicFiles) return hmac(secret, path);
  const expiry = linkExpiry(now);
  return `${expiry}.${hmac(secret, `${path}/${expiry}`)}`;
}

export function fileUrl(secret: string, schema: ResourceSchema, field: string, key: string | null | undefined, now = Date.now()) {
  if (!key) return null;
  const filename = key.slice(key.indexOf('/') + 1);
  return `/api/${schema.name}/file/${fileToken(secret, schema, field, filename, now)}/${field}/${filename}`;
}

/**
 * What a token says about the file it names: 'invalid' (not ours, or not for this file), 'expired'
 * (ours, past its expiry) or the seconds it is still valid for (Infinity for public files).
 */
export function checkFileToken(
  secret: string,
  schema: ResourceSchema,
  field: string,
  filename: string,
  token: string,
  now = Date.now(),
): number | 'invalid' | 'expired' {
  const path = `${schema.name}/${field}/${filename}`;
  if (schema.publicFiles) return sameText(hmac(secret, path), token) ? Infinity : 'invalid';
  const dot = token.indexOf('.');
  const expiry = token.slice(0, dot);
  if (dot < 1 || !/^[0-9a-z]{1,10}$/.test(expiry) || !sameText(hmac(secret, `${path}/${expiry}`), token.slice(dot + 1))) return 'invalid';
  const seconds = parseInt(expiry, 36) - Math.floor(now / 1000);
  return seconds > 0 ? seconds : 'expired';
}

function sameText(expected: string, given: string) {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
