/** The workshop's production board: its items by step, and the stream that says when it changed. */
import { z } from 'zod';
import { boardLinkAnswer, productionBoardAnswer } from '../productionBoard';
import { ADMIN_ONLY, STAFF } from '../roles';
import { defineContract } from './contract';

const tag = 'Trazabilidad';
const keyParams = z.object({ key: z.string().describe('La llave del enlace') });
// A kiosk reads the board on each change and once a minute; a guesser of keys is stopped long before it matters.
const kioskRate = { max: 240, timeWindow: '1 minute' };

export const productionBoardContracts = {
  board: defineContract({
    method: 'GET', path: '/api/traceability/board', access: STAFF, tag,
    summary: 'El tablero de producción: los artículos que esperan en cada paso, los más antiguos primero',
    description: 'Artículos de pedidos terminados que aún no van en una expedición y tienen pasos por hacer.',
    data: productionBoardAnswer,
  }),
  events: defineContract({
    method: 'GET', path: '/api/traceability/board/events', access: STAFF, tag,
    summary: 'Avisos de cambios del tablero de producción (server-sent events)',
    description: 'Un evento `production` cada vez que se marca un paso en cualquier instancia; un comentario cada 20 s '
      + 'mantiene abierta la conexión. El cliente vuelve a leer el tablero al recibirlo y al reconectar.',
    produces: 'text/event-stream',
  }),
  kioskBoard: defineContract({
    method: 'GET', path: '/api/traceability/kiosk/:key', access: 'public', tag,
    summary: 'El tablero de producción por un enlace de pantalla (sin sesión)',
    description: 'Sólo el tablero: la llave no abre nada más. Un enlace revocado responde 404.',
    params: keyParams, rateLimit: kioskRate, data: productionBoardAnswer,
  }),
  kioskEvents: defineContract({
    method: 'GET', path: '/api/traceability/kiosk/:key/events', access: 'public', tag,
    summary: 'Avisos de cambios del tablero por un enlace de pantalla (server-sent events)',
    description: 'Los mismos avisos que `board/events`; al revocar el enlace la conexión se cierra (en otra instancia, '
      + 'en 20 s como mucho) y no vuelve a abrirse.',
    params: keyParams, rateLimit: kioskRate, produces: 'text/event-stream',
  }),
  boardLinks: defineContract({
    method: 'GET', path: '/api/traceability/boardLinks', access: ADMIN_ONLY, tag,
    summary: 'Los enlaces de pantalla del tablero (nombre y fecha de creación, nunca la llave)',
    data: z.array(boardLinkAnswer),
  }),
  createBoardLink: defineContract({
    method: 'POST', path: '/api/traceability/boardLinks/create', access: ADMIN_ONLY, tag,
    summary: 'Crear un enlace de pantalla del tablero: su llave se muestra sólo ahora',
    body: z.object({ name: z.unknown().optional().describe('Dónde está la pantalla') }),
    data: boardLinkAnswer.extend({ key: z.string().describe('La llave: sólo se guarda su SHA-256, no se puede volver a ver') }),
  }),
  revokeBoardLink: defineContract({
    method: 'POST', path: '/api/traceability/boardLinks/revoke/:id', access: ADMIN_ONLY, tag,
    summary: 'Revocar un enlace de pantalla del tablero: deja de abrirse al momento',
    params: z.object({ id: z.string().describe('Id del enlace') }),
    data: z.object({ id: z.number().int() }),
  }),
};
