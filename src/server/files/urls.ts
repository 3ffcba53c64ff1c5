/**
 * File URLs `/api/{Entity}/file/{token}/{field}/{filename}`: the token is an HMAC of entity, field and
 * name, so a URL is only valid for the file it was issued for and cannot be guessed.
 */
import crypto from 'node:crypto';

export function fileToken(secret: string, entity: string, field: string, filename: string) {
  return crypto.createHmac('sha256', secret).update(`${entity}/${field}/${filename}`).digest('base64url').slice(0, 32);
}

export function fileUrl(secret: string, entity: string, field: string, key: string | null | undefined) {
  if (!key) return null;
  const filename = key.slice(key.indexOf('/') + 1);
  return `/api/${entity}/file/${fileToken(secret, entity, field, filename)}/${field}/${filename}`;
}

export function verifyFileToken(secret: string, entity: string, field: string, filename: string, token: string) {
  const expected = Buffer.from(fileToken(secret, entity, field, filename));
  const given = Buffer.from(token);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
