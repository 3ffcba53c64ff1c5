/** The workshop's production board: its items by step, and the stream that says when it changed. */
import { productionBoardAnswer } from '../productionBoard';
import { STAFF } from '../roles';
import { defineContract } from './contract';

const tag = 'Trazabilidad';

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
};
