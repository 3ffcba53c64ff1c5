/**
 * File answers (CSV exports, PDFs, stored files, the API viewer: a contract that `produces` one) are held
 * to a deadline and to a least pace of reading (issue 45, M1). A reader that takes a byte a second would
 * otherwise hold what the answer holds — an export's slot and, on PostgreSQL, its transaction — for as
 * long as it likes. Either limit passed, the connection is closed: whatever the answer held is let go
 * where it listens for its end ('close'). The event stream of the production board is not a file: it
 * is meant to last, and sends a heartbeat.
 */
import net from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { AnswerLimits } from '../config';

/**
 * Ends the answer when `limits` are passed: `deadlineSeconds` after now, or a window of `slowSeconds`
 * in which the reader took less than `minBytesPerSecond` while bytes waited for it. Bytes the server has
 * not yet produced (a slow query, a PDF being drawn) are not the reader's fault and never count against it.
 */
function holdToDeadline(reply: FastifyReply, limits: AnswerLimits, log: FastifyBaseLogger) {
  const answer = reply.raw;
  const socket = answer.socket;
  // An injected request (tests) has no real connection to end.
  if (!(socket instanceof net.Socket)) return;
  // Bytes the kernel has taken: handed over minus those still queued in Node or in libuv.
  const taken = () => (socket.bytesWritten ?? 0) - socket.writableLength;
  let before = taken();
  const end = (why: string) => {
    log.warn({ url: reply.request.url, why }, 'answer ended: its reader was too slow or took too long');
    answer.destroy();
  };
  const deadline = setTimeout(() => end('deadline'), limits.deadlineSeconds * 1000);
  const least = limits.minBytesPerSecond * limits.slowSeconds;
  const pace = setInterval(() => {
    const now = taken();
    if (socket.writableLength > 0 && now - before < least) end('slow reader');
    before = now;
  }, limits.slowSeconds * 1000);
  answer.once('close', () => {
    clearTimeout(deadline);
    clearInterval(pace);
  });
}

/** Every route whose contract produces a file, but the board's event stream. */
export default fp<{ limits: AnswerLimits }>(async (app, { limits }) => {
  app.addHook('onRequest', async (request, reply) => {
    const produces = request.routeOptions.config.contract?.produces;
    if (produces && produces !== 'text/event-stream') holdToDeadline(reply, limits, request.log);
  });
}, { name: 'answer-deadlines' });
