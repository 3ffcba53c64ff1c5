/**
 * The order, cart, calculator and tracking endpoints (docs/api.md Order; server: src/server/routes/orders.ts,
 * rules in src/server/domain/orders.ts). The public ones (tracking, the web shop's calculator) answer what
 * src/shared/publicAnswers.ts declares.
 */
import { z } from 'zod';
import {
  calculationForm,
  cartBasicsForm,
  cartLineForm,
  finishForm,
  orderAddressForm,
  poolForm,
  publicPriceForm,
  reviewForm,
  validateOrderForm,
} from '../forms/order';
import { calculationSavedAnswer, calculatorPricesAnswer, storedCalculationAnswer } from '../calculatorAnswers';
import { pageAnswer } from '../listPage';
import { orderDetailsAnswer, orderListRowAnswer } from '../orderViews';
import { publicPriceAnswer, trackedOrderAnswer } from '../publicAnswers';
import { defineContract } from './contract';

const orders = 'Pedidos';
const cart = 'Carrito';

/** An id in the path, as text: the domain reads it (and answers a bad one with its own message). */
const idParam = z.object({ id: z.string().describe('Id del pedido') });
/** An id in the body, read by the domain as the old API sent it (a number or its digits). */
const bodyId = (what: string) => z.unknown().optional().describe(what);

/** The order lists' body, read loosely as the old API sent it: the engine checks the page and the filters. */
const listBody = z.object({
  page: z.unknown().optional().describe('Número de página, desde 1'),
  per_page: z.unknown().optional().describe('Filas por página (como mucho 100)'),
  sort: z.unknown().optional().describe('Campo por el que ordenar'),
  order: z.unknown().optional().describe('ASC o DESC'),
  filters: z
    .unknown()
    .optional()
    .describe('Los filtros: q, client_id, invoicing_company_id, from_date, to_date (aaaa-mm-dd), order_review_status_id, only_drafts'),
  filter: z.unknown().optional().describe('Texto buscado (la forma del API anterior)'),
  status: z.unknown().optional().describe('Estado de revisión (la forma del API anterior)'),
  invoicingCompany: z.unknown().optional().describe('Empresa de facturación (la forma del API anterior)'),
  client_id: z.unknown().optional().describe('Cliente (sólo el personal; un miembro ve siempre el suyo)'),
  from_date: z.unknown().optional().describe('Desde el día (aaaa-mm-dd, Madrid)'),
  to_date: z.unknown().optional().describe('Hasta el día (aaaa-mm-dd, Madrid)'),
  only_drafts: z.unknown().optional().describe('Sólo borradores: carritos y pedidos devueltos a borrador'),
});
const listDescription = 'Sin estado de revisión ni `only_drafts`, lista los pedidos terminados.';

/** What finishing a cart is sent: its basics, the buyer, shipping and delivery data, and the staff's forced review status. */
const finishBody = finishForm.extend(orderAddressForm.shape);

const publicLimit = { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } } as const;

export const orderContracts = {
  staffList: defineContract({
    method: 'POST', path: '/api/order/getFilteredOrders', access: ['admin'], tag: orders,
    summary: 'Pedidos: una página filtrada (personal)', description: listDescription, body: listBody,
    data: pageAnswer(orderListRowAnswer),
  }),
  clientList: defineContract({
    method: 'POST', path: '/api/order/getClientFilteredOrders', access: 'user', tag: orders,
    summary: 'Pedidos: una página filtrada (los de los clientes del usuario)', description: listDescription, body: listBody,
    data: pageAnswer(orderListRowAnswer),
  }),
  details: defineContract({
    method: 'GET', path: '/api/order/getById/:id', access: 'user', tag: orders,
    summary: 'Un pedido o carrito con sus líneas, totales e historial', params: idParam, data: orderDetailsAnswer,
  }),
  toReviewCount: defineContract({
    method: 'GET', path: '/api/order/getOrdersReview', access: ['admin'], tag: orders, summary: 'Cuántos pedidos esperan revisión',
    data: z.object({ count: z.number().int() }),
  }),

  // ------------------------------------------------------------ cart

  addLine: defineContract({
    method: 'POST', path: '/api/orderItem/create', writes: true, access: 'user', tag: cart,
    summary: 'Añadir un enrollador o un artículo al carrito',
    description:
      'El carrito: `order_id`, o el carrito actual de `client_id` (un miembro: el suyo); '
      + 'la línea: `reel_diameter_id` o `item_property_value_id`.',
    body: cartLineForm, data: orderDetailsAnswer,
  }),
  changeLineQuantity: defineContract({
    method: 'POST', path: '/api/orderItem/update', writes: true, access: 'user', tag: cart,
    summary: 'Cambiar la cantidad de una línea del carrito (id de la línea)',
    body: z.object({ id: bodyId('Id de la línea'), quantity: cartLineForm.shape.quantity }), data: orderDetailsAnswer,
  }),
  removeLine: defineContract({
    method: 'POST', path: '/api/orderItem/delete', writes: true, access: 'user', tag: cart,
    summary: 'Quitar una línea del carrito (la de un cálculo se lleva el cálculo entero)',
    body: z.object({ id: bodyId('Id de la línea') }), data: orderDetailsAnswer,
  }),
  addCalculation: defineContract({
    method: 'POST', path: '/api/order/createWithOrderCalculus', writes: true, access: 'user', tag: orders,
    summary: 'Añadir un cálculo de cobertor al carrito',
    description:
      'Cuerpo: `{ order: { id } | { client_id }, order_calculus: {…} }`, con `order_calculus` como en /api/orderCalculus/update.',
    // The calculation is checked by the handler, so that its fields' messages keep their own names (`a`, not `order_calculus.a`).
    body: z.object({
      order: z.object({ id: bodyId('El carrito'), client_id: bodyId('El cliente, cuyo carrito actual recibe el cálculo') }).optional(),
      order_calculus: z.unknown().optional().describe('El cálculo, como en /api/orderCalculus/update'),
    }),
    data: calculationSavedAnswer,
  }),
  calculation: defineContract({
    method: 'GET', path: '/api/orderCalculus/getById/:id', access: 'user', tag: cart, summary: 'Un cálculo de cobertor del carrito',
    params: z.object({ id: z.string().describe('Id del cálculo') }), data: storedCalculationAnswer,
  }),
  updateCalculation: defineContract({
    method: 'POST', path: '/api/orderCalculus/update', writes: true, access: 'user', tag: cart,
    summary: 'Modificar un cálculo de cobertor del carrito (id del cálculo)',
    body: calculationForm.safeExtend({ id: bodyId('Id del cálculo') }), data: calculationSavedAnswer,
  }),
  calculatorPrices: defineContract({
    method: 'POST', path: '/api/orderCalculus/getPrices', access: 'user', tag: cart,
    summary: 'Tabla de precios de las calculadoras para una piscina (el personal puede indicar order_id o client_id)',
    description:
      'Un miembro ve siempre los precios de su cliente; el personal, los del cliente del carrito `order_id` o de `client_id`, '
      + 'o los precios base.',
    body: poolForm.safeExtend({
      order_id: bodyId('El carrito cuyo cliente da los precios'),
      client_id: bodyId('El cliente que da los precios'),
    }),
    data: calculatorPricesAnswer,
  }),
  updateCartBasics: defineContract({
    method: 'POST', path: '/api/order/updateOrderCartBasicDataAndRecalculateOrderItemPrices', writes: true, access: 'user', tag: orders,
    summary: 'Guardar los datos básicos del carrito y recalcular sus precios',
    description: 'Un campo que no se envía conserva su valor.',
    body: cartBasicsForm, data: orderDetailsAnswer,
  }),
  finishCart: defineContract({
    method: 'POST', path: '/api/order/finishOrderCartAndChangeOrderReviewStatus', writes: true, access: 'user', tag: orders,
    summary: 'Terminar el carrito: se convierte en pedido', body: finishBody, data: orderDetailsAnswer,
  }),

  // ------------------------------------------------------------ staff

  changeReviewStatus: defineContract({
    method: 'POST', path: '/api/order/changeReviewStatus', access: ['admin'], tag: orders,
    summary: 'Cambiar el estado de revisión de un pedido', body: reviewForm, data: orderDetailsAnswer,
  }),
  validate: defineContract({
    method: 'POST', path: '/api/order/validateClientOrder', access: ['admin'], tag: orders,
    summary: 'Validar un pedido (avisa al cliente por correo)', body: validateOrderForm, data: orderDetailsAnswer,
  }),
  document: defineContract({
    method: 'GET', path: '/api/order/document/:id', access: 'user', tag: orders, summary: 'El pedido en PDF',
    params: idParam, produces: 'application/pdf', heavy: true,
  }),

  // ------------------------------------------------------------ public

  track: defineContract({
    method: 'GET', path: '/api/order/trackOrder/:code', ...publicLimit, tag: orders,
    summary: 'Seguimiento de un pedido por su código (la página pública de seguimiento)',
    params: z.object({ code: z.string().describe('El código de seguimiento del pedido') }), data: trackedOrderAnswer,
  }),
  publicPrice: defineContract({
    method: 'POST', path: '/api/calculator/price', ...publicLimit, tag: 'Calculadora pública',
    summary: 'Calculadora pública: los cobertores posibles para una piscina y sus precios con la tarifa web, sin IVA',
    body: publicPriceForm, data: publicPriceAnswer,
  }),
};
