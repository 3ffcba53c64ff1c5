/**
 * The workshop's production board: its JSON, and a server-sent event stream that says when it changed
 * (the client reads the board again). One LISTEN per instance feeds every open stream. A kiosk screen
 * reads the same through a revocable link's key (domain/boardLinks.ts); revoking it ends its open streams.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { productionBoardContracts as contract } from '../../shared/contracts/productionBoard';
import { BOARD_CHANGED_EVENT } from '../../shared/productionBoard';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import { listenToProduction, productionBoard } from '../domain/productionBoard';
import { boardLinkExists, boardLinkOfKey, boardLinks, createBoardLink, revokeBoardLink } from '../domain/boardLinks';
import { notFound } from '../errors';
import { Msg } from '../../shared/messages';

/** A comment this often keeps proxies from closing a quiet stream (most give up after 30–60 s). */
const HEARTBEAT_MS = 20_000;
/** How soon EventSource tries again after the connection drops (a restart, a deploy). */
const RETRY_MS = 2_000;
/** Marks this close together make one event: a burst of scans reads the board once. */
const COALESCE_MS = 150;

export default async function productionBoardRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  /** Each open stream, its heartbeat, and the kiosk link it was opened with (null: a session's). */
  const streams = new Map<ServerResponse, { heartbeat: NodeJS.Timeout; link: number | null }>();
  const drop = (stream: ServerResponse) => {
    clearInterval(streams.get(stream)?.heartbeat);
    streams.delete(stream);
  };
  /** Ends the open streams of a revoked link. */
  const endLink = (link: number) => {
    for (const [stream, open] of streams) {
      if (open.link !== link) continue;
      drop(stream);
      stream.end();
    }
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

  const openStream = async (request: FastifyRequest, reply: FastifyReply, link: number | null) => {
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
    const heartbeat = setInterval(() => {
      stream.write(': latido\n\n');
      // Revoked on another instance: this one learns it here, within a heartbeat.
      if (link !== null) void boardLinkExists(ctx.db, link).then((exists) => exists || endLink(link), () => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    streams.set(stream, { heartbeat, link });
    // The client going away closes the request; the server ending the stream closes the response.
    request.raw.on('close', () => drop(stream));
    stream.on('close', () => drop(stream));
    return reply;
  };

  route(app, contract.events, async (_input, request, reply) => openStream(request, reply, null));

  // ------------------------------------------------------------ kiosk links

  /** The link a key opens; an unknown or revoked one is a 404 (and the kiosk's EventSource does not retry it). */
  const linkOf = async (key: string) => {
    const link = await boardLinkOfKey(ctx.db, key);
    if (link === null) throw notFound(Msg.boardLinkUnknown);
    return link;
  };

  route(app, contract.kioskBoard, async ({ params }) => {
    await linkOf(params.key);
    return ok(await productionBoard(ctx.db));
  });

  route(app, contract.kioskEvents, async ({ params }, request, reply) => openStream(request, reply, await linkOf(params.key)));

  route(app, contract.boardLinks, async () => ok(await boardLinks(ctx.db)));

  route(app, contract.createBoardLink, async ({ body }, request) => {
    const { link, key } = await ctx.db.transaction((tx) => createBoardLink(tx, request.me, body.name));
    return ok({ ...link, key }, 'Enlace creado: cópielo ahora, no se volverá a mostrar');
  });

  route(app, contract.revokeBoardLink, async ({ params }, request) => {
    const id = await ctx.db.transaction((tx) => revokeBoardLink(tx, request.me, params.id));
    endLink(id);
    return ok({ id }, 'Enlace revocado');
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
