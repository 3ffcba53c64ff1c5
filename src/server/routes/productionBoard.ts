/**
 * The workshop's production board: its JSON, and a server-sent event stream that says when it changed
 * (the client reads the board again). One LISTEN per instance feeds every open stream.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { productionBoardContracts as contract } from '../../shared/contracts/productionBoard';
import { BOARD_CHANGED_EVENT } from '../../shared/productionBoard';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import { listenToProduction, productionBoard } from '../domain/productionBoard';

/** A comment this often keeps proxies from closing a quiet stream (most give up after 30–60 s). */
const HEARTBEAT_MS = 20_000;
/** How soon EventSource tries again after the connection drops (a restart, a deploy). */
const RETRY_MS = 2_000;
/** Marks this close together make one event: a burst of scans reads the board once. */
const COALESCE_MS = 150;

export default async function productionBoardRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  /** Each open stream and its heartbeat. */
  const streams = new Map<ServerResponse, NodeJS.Timeout>();
  const drop = (stream: ServerResponse) => {
    clearInterval(streams.get(stream));
    streams.delete(stream);
  };
  let unlisten: (() => Promise<void>) | undefined;
  let pending: NodeJS.Timeout | undefined;

  const announce = () => {
    if (pending) return;
    pending = setTimeout(() => {
      pending = undefined;
      for (const stream of streams.keys()) stream.write(`event: ${BOARD_CHANGED_EVENT}\ndata: {}\n\n`);
    }, COALESCE_MS);
  };

  // Started by the first stream, not at boot: an instance nobody watches holds no LISTEN connection.
  const listening = async () => {
    if (!unlisten && ctx.listen) unlisten = await listenToProduction(ctx.listen, announce);
  };

  route(app, contract.board, async () => ok(await productionBoard(ctx.db)));

  route(app, contract.events, async (_input, request, reply) => {
    await listening();
    reply.hijack();
    const stream = reply.raw;
    // The security headers already set on the reply, which hijacking would otherwise drop.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) stream.setHeader(name, value);
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx buffers answers by default: an event would wait there instead of reaching the board.
      'x-accel-buffering': 'no',
      'connection': 'keep-alive',
    });
    stream.write(`retry: ${RETRY_MS}\n: tablero de producción\n\n`);
    const heartbeat = setInterval(() => stream.write(': latido\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    streams.set(stream, heartbeat);
    // The client going away closes the request; the server ending the stream closes the response.
    request.raw.on('close', () => drop(stream));
    stream.on('close', () => drop(stream));
    return reply;
  });

  // Open streams never end by themselves: closing the app ends them, or the server would wait for them.
  app.addHook('preClose', async () => {
    clearTimeout(pending);
    for (const stream of [...streams.keys()]) {
      drop(stream);
      stream.end();
    }
    await unlisten?.();
  });
}
