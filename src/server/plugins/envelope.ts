/**
 * Every response is `{ code, message?, data?, error? }` (docs/api.md). Routes return `ok(data)` or throw
 * an ApiError; anything else becomes a 40001 without internals. (What a path that is no route gets:
 * plugins/pages.ts.)
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../shared/codes';
import { Msg } from '../../shared/messages';
import { ApiError } from '../errors';
import type { SecurityHeaderSet } from './securityHeaders';

export function ok(): { code: number; data: undefined };
export function ok<T>(data: T, message?: string): { code: number; message?: string; data: T };
export function ok<T>(data?: T, message?: string) {
  return message ? { code: Code.okWithMessage, message, data } : { code: Code.ok, data };
}

export default fp(async (app) => {
  // How long the server took (handler and serialisation), for browsers' developer tools and the benchmark.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
    done(null, payload);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      const body: Record<string, unknown> = { code: error.code, message: error.message };
      if (error.error !== undefined) body.error = error.error;
      return reply.code(error.httpStatus).send(body);
    }
    const err = error as { statusCode?: number; code?: string; message: string };
    // Fastify's own client errors (bad JSON, body too large, rate limit) keep their status.
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const message
        = err.statusCode === 429 ? 'Demasiadas peticiones. Espere un momento y vuelva a intentarlo'
          : err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' ? 'El archivo o los datos enviados son demasiado grandes'
            : Msg.invalidBody;
      return reply.code(err.statusCode).send({ code: err.statusCode === 429 ? Code.warning : Code.error, message });
    }
    // A value the database cannot take (a date past year 9999, an id past 2³¹, a NUL in a text): the
    // request's fault, said in Spanish; logged without the statement or its values.
    const refused = dataExceptionCode(error);
    if (refused) {
      request.log.info({ pgCode: refused }, 'value refused by the database');
      return reply.code(400).send({ code: Code.error, message: Msg.invalidValue });
    }
    request.log.error({ err: withoutValues(error) }, 'unhandled error');
    return reply.code(500).send({ code: Code.error, message: Msg.internal });
  });
});

/**
 * Fastify's own refusals before any route or hook runs (a URL that does not decode, a path parameter
 * over `maxParamLength`): the envelope in Spanish, with the headers every answer carries, never
 * Fastify's English body echoing the URL.
 */
export function frameworkRefusal(headers: SecurityHeaderSet) {
  return (error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) => {
    const [status, message] = error.code === 'FST_ERR_BAD_URL' ? [400, Msg.badUrl]
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, Msg.urlTooLong]
        : [500, Msg.internal];
    if (status === 500) request.log.error({ err: withoutValues(error) }, 'framework error');
    // Sent before the hooks that would say it (plugins/caching.ts): a refusal is never kept.
    void reply.headers(request.protocol === 'https' ? headers.https : headers.http).header('cache-control', 'no-store')
      .code(status).send({ code: Code.error, message });
  };
}

/**
 * Node refuses some requests before Fastify sees them (a request line or headers past `maxHeaderSize`,
 * 16 KB: a long query; a malformed request; a timeout). The answer is still the envelope in Spanish
 * with the security headers; written on the socket, since there is no request yet. The protocol is
 * unknown here: the plain-HTTP set (no HSTS) is never wrong.
 */
export function clientRefusal(headers: SecurityHeaderSet) {
  return (error: Error & { code?: string }, socket: Socket) => {
    // A reset connection has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] = error.code === 'HPE_HEADER_OVERFLOW' ? [431, Msg.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, Msg.requestTimeout]
        : [400, Msg.badRequest];
    const body = JSON.stringify({ code: Code.error, message });
    const lines = Object.entries({
      ...headers.http,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      'connection': 'close',
    }).map(([name, value]) => `${name}: ${value}`);
    if (socket.writable) socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy(error);
  };
}

/** PostgreSQL's "data exception" class (SQLSTATE 22…), on the error or on what caused it (drizzle wraps it). */
export function dataExceptionCode(error: unknown): string | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
  }
  return null;
}

/**
 * An error as the log may keep it: its kind, code, first message line and stack, never the failed
 * statement's values (drizzle puts them in the message: they may be names, e-mails or password hashes).
 */
export function withoutValues(error: unknown) {
  const e = error as { name?: string; code?: unknown; message?: string; stack?: string; cause?: { code?: unknown; message?: string } };
  const firstLine = (text?: string) => (text ?? '').split('\n')[0].replace(/params:.*$/s, '').slice(0, 300);
  return {
    type: e?.name, code: e?.code ?? e?.cause?.code, message: firstLine(e?.message), cause: firstLine(e?.cause?.message),
    // Only the frames: the stack repeats the whole message (statement and values) before them.
    stack: (e?.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).slice(0, 10).join('\n'),
  };
}
