/** Errors that become envelope responses. Domain modules throw these; the envelope plugin answers them. */
import { Code } from '../shared/codes';
import { Msg } from '../shared/messages';

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
