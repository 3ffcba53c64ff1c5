/** Errors that become envelope responses. Domain modules throw these; the envelope plugin answers them. */
import { Code } from '../shared/codes';
import { Msg } from '../shared/messages';
import { canonicalCount, canonicalRowId } from '../shared/validation';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly httpStatus: number,
    message: string,
    readonly error?: unknown,
  ) {
    super(message);
  }
}

/** 40001 with a field → message map (react-admin shows each under its field). */
export const invalid = (errors: Record<string, string>, message = Object.values(errors)[0] ?? Msg.invalidBody) =>
  new ApiError(Code.error, 400, message, errors);
export const badRequest = (message: string) => new ApiError(Code.error, 400, message);
export const forbidden = (message: string = Msg.forbidden) => new ApiError(Code.error, 403, message);
/** 415: a body of a kind the route does not take (files where none are declared, non-JSON on public routes). */
export const unsupportedMedia = (message: string) => new ApiError(Code.error, 415, message);
export const notFound = (message: string = Msg.notFound) => new ApiError(Code.error, 404, message);
/** 30001: a business rule refused the request. */
export const warning = (message: string) => new ApiError(Code.warning, 409, message);
export const sessionError = (code: number, message: string) => new ApiError(code, 401, message);

/**
 * A row id from a request, path or body (docs/validation.md): the number, or 40001 under `field` when it is
 * not a canonical id. A well-formed id that finds no row stays the caller's 404.
 */
export function parseRowId(value: unknown, field = 'id'): number {
  const id = canonicalRowId(value);
  if (id === null) throw invalid({ [field]: Msg.idInvalid }, Msg.idInvalid);
  return id;
}

/** An id that may be left out: absent, empty, null, "null" or 0 mean none (e.g. no fare: base prices); else `parseRowId`. */
export function parseOptionalRowId(value: unknown, field = 'id'): number | null {
  if (value === undefined || value === null || value === '' || value === 'null' || value === 0 || value === '0') return null;
  return parseRowId(value, field);
}

/**
 * A page number (`page`) or a number of rows (`per_page`, `limit`) from a request: absent is `fallback`;
 * a whole number from 1 (or its digits) is itself, the caller capping it; anything else is 40001.
 */
export function parseCount(value: unknown, field: 'page' | 'per_page' | 'limit', fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const count = canonicalCount(value);
  const message = field === 'page' ? Msg.pageInvalid : Msg.countInvalid;
  if (count === null) throw invalid({ [field]: message }, message);
  return count;
}
