/** Order, cart, calculator and tracking endpoints of docs/api.md Order; the rules live in domain/orders.ts. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resources } from '../../../schemas';
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
  type CartBasics,
} from '../../../schemas/order';
import { Msg } from '../../shared/messages';
import { OrderStatus } from '../../shared/orders';
import { publicPriceAnswer, trackedOrderAnswer } from '../../shared/publicAnswers';
import type { StoredCalculation } from '../../shared/calculators';
import { coverWidth, type CalculatorPrices } from '../../shared/pricing';
import { madridDay } from '../../shared/madrid';
import { fieldErrors } from '../../shared/validation';
import type { AppContext } from '../context';
import { ok, okAs } from '../plugins/envelope';
import { invalid, parseOptionalRowId } from '../errors';
import { isAdmin } from '../domain/auth';
import { coverOptions, favouriteReels, poolOf, pricingContext, clientlessPricingContext, type Pool } from '../domain/pricing';
import {
  addCalculation, addToCart, changeQuantity, changeReviewStatus, finishCart, findCalculation, findOrder, orderDetails, ordersToReview,
  removeCartLine, trackOrder, unsellableMessage, updateCalculation, updateCartBasics, validateOrder, type OrderAddress,
} from '../domain/orders';
import { listRecords } from '../domain/records';
import { orderDocument } from '../documents/orderDocument';
import { notifierOf, recordContext, parseBody } from './context';

/** A cart line's new quantity (its `id` is read apart). */
const quantityForm = z.object({ quantity: cartLineForm.shape.quantity });

const poolFrom = (input: {
  pool_cover_type_id: number;
  a: number;
  b: number;
  c?: number | null;
  d?: number | null;
  stairwell: boolean;
  rounded_corners: boolean;
  extra_distance?: number | null;
}): Pool =>
  poolOf(
    {
      ...input,
      a: String(input.a),
      b: String(input.b),
      c: input.c == null ? null : String(input.c),
      d: input.d == null ? null : String(input.d),
    },
    Number(input.extra_distance ?? 0),
  );

/** Keeps the fields the body really sent: one left out keeps its stored value (the forms turn it into null). */
function onlySent<T extends object>(parsed: T, body: unknown): T {
  const sent = body && typeof body === 'object' ? body : {};
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => key in sent)) as T;
}

type ListBody = {
  page?: number; per_page?: number; sort?: string; order?: string;
  filters?: Record<string, unknown>; filter?: unknown;
  status?: unknown; invoicingCompany?: unknown; client_id?: unknown; from_date?: unknown; to_date?: unknown; only_drafts?: unknown;
};

/** A filter's day ("2026-11-24", or the date part of a longer value) that the calendar has; else 40001 under its field. */
function calendarDay(value: unknown, field: string): string {
  const day = String(value).slice(0, 10);
  const at = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T12:00:00Z`) : null;
  if (!at || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day) throw invalid({ [field]: Msg.dateInvalid });
  return day;
}

/** The named order lists' filters (client, invoicing company, dates, review status, drafts) as the engine's filter. */
function orderFilter(body: ListBody = {}) {
  const given = (body.filters && typeof body.filters === 'object' ? body.filters : {}) as Record<string, unknown>;
  const pick = (...values: unknown[]) => values.find((v) => v !== undefined && v !== null && v !== '');
  const filter: Record<string, unknown> = {};
  const q = pick(given.q, typeof body.filter === 'string' ? body.filter : undefined);
  if (q) filter.q = q;
  const client = pick(given.client_id, body.client_id);
  if (client) filter.client_id = client;
  const company = pick(given.invoicing_company_id, body.invoicingCompany);
  if (company) filter.invoicing_company_id = company;
  const review = pick(given.order_review_status_id, body.status);
  if (review) filter.order_review_status_id = review;
  // Days are Madrid calendar days, whatever the database's time zone.
  const from = pick(given.from_date, body.from_date);
  if (from) filter.created_at_gte = madridDay(calendarDay(from, 'from_date')).start.toISOString();
  const to = pick(given.to_date, body.to_date);
  if (to) filter.created_at_lte = madridDay(calendarDay(to, 'to_date')).end.toISOString();
  if (pick(given.only_drafts, body.only_drafts) === true || pick(given.only_drafts, body.only_drafts) === 'true') filter.only_drafts = true;
  else if (!filter.order_review_status_id) filter.status_id = OrderStatus.finished;
  return filter;
}

export default async function orderRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const context = (request: FastifyRequest) => recordContext(ctx, request, resources.order);
  const list = async (request: FastifyRequest<{ Body: ListBody }>) => {
    const body = request.body ?? {};
    const filter = orderFilter(body);
    // A member's list is its own client's, whatever client it names.
    if (!isAdmin(request.me)) delete filter.client_id;
    return listRecords(await context(request), resources.order, {
      page: body.page,
      per_page: body.per_page,
      sort: body.sort,
      order: body.order,
      filter,
    });
  };

  app.post<{ Body: ListBody }>(
    '/api/order/getFilteredOrders',
    { config: { docs: { summary: 'Pedidos: una página filtrada (personal)' }, access: ['admin'] } },
    async (request) => ok(await list(request)),
  );
  app.post<{ Body: ListBody }>(
    '/api/order/getClientFilteredOrders',
    { config: { docs: { summary: 'Pedidos: una página filtrada (los de los clientes del usuario)' } } },
    async (request) => ok(await list(request)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/order/getById/:id',
    { config: { docs: { summary: 'Un pedido o carrito con sus líneas, totales e historial' } } },
    async (request) => ok(await orderDetails(ctx.db, request.me, request.params.id)),
  );

  app.get(
    '/api/order/getOrdersReview',
    { config: { docs: { summary: 'Cuántos pedidos esperan revisión' }, access: ['admin'] } },
    async () => ok({ count: await ordersToReview(ctx.db) }),
  );

  // ------------------------------------------------------------ cart

  app.post(
    '/api/orderItem/create',
    { config: { docs: { summary: 'Añadir un enrollador o un artículo al carrito', body: cartLineForm } } },
    async (request) => {
      const body = parseBody(cartLineForm, request.body);
      const line = body.reel_diameter_id
        ? { kind: 'reel' as const, reel_diameter_id: body.reel_diameter_id, quantity: body.quantity }
        : body.item_property_value_id
          ? { kind: 'item' as const, item_property_value_id: body.item_property_value_id, quantity: body.quantity }
          : null;
      if (!line) throw invalid({ item_property_value_id: Msg.selectProperties });
      const orderId = await ctx.db.transaction((tx) => addToCart(tx, request.me, body, line));
      return ok(await orderDetails(ctx.db, request.me, orderId), Msg.addedToCart);
    },
  );

  app.post<{ Body: { id?: unknown; quantity?: unknown } }>(
    '/api/orderItem/update',
    { config: { docs: { summary: 'Cambiar la cantidad de una línea del carrito (id de la línea)', body: quantityForm } } },
    async (request) => {
      const { quantity } = parseBody(quantityForm, request.body);
      const orderId = await ctx.db.transaction((tx) => changeQuantity(tx, request.me, request.body?.id, quantity));
      return ok(await orderDetails(ctx.db, request.me, orderId), Msg.saved);
    },
  );

  app.post<{ Body: { id?: unknown } }>(
    '/api/orderItem/delete',
    { config: { docs: { summary: 'Quitar una línea del carrito (la de un cálculo se lleva el cálculo entero)' } } },
    async (request) => {
      const orderId = await ctx.db.transaction((tx) => removeCartLine(tx, request.me, request.body?.id));
      return ok(await orderDetails(ctx.db, request.me, orderId), Msg.deleted);
    },
  );

  /** A cover calculation into a cart: `order` names the cart ({id}) or its client ({client_id}). */
  app.post<{ Body: { order?: { id?: unknown; client_id?: unknown }; order_calculus?: unknown } }>(
    '/api/order/createWithOrderCalculus',
    {
      config: {
        docs: {
          summary: 'Añadir un cálculo de cobertor al carrito',
          description:
            'Cuerpo: `{ order: { id } | { client_id }, order_calculus: {…} }`, con `order_calculus` como en /api/orderCalculus/update.',
        },
      },
    },
    async (request) => {
      const input = parseBody(calculationForm, request.body?.order_calculus);
      const target = {
        order_id: parseOptionalRowId(request.body?.order?.id, 'order.id'),
        client_id: parseOptionalRowId(request.body?.order?.client_id, 'order.client_id'),
      };
      return ok(await ctx.db.transaction((tx) => addCalculation(tx, request.me, target, input)), Msg.addedToCart);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/orderCalculus/getById/:id',
    { config: { docs: { summary: 'Un cálculo de cobertor del carrito' } } },
    async (request) => {
      const { calculus, order } = await findCalculation(ctx.db, request.me, request.params.id);
      return ok<StoredCalculation>({ ...calculus, client_id: order.client_id, order_status_id: order.status_id });
    },
  );

  app.post<{ Body: { id?: unknown } }>(
    '/api/orderCalculus/update',
    { config: { docs: { summary: 'Modificar un cálculo de cobertor del carrito (id del cálculo)', body: calculationForm } } },
    async (request) => {
      const input = parseBody(calculationForm, request.body);
      return ok(await ctx.db.transaction((tx) => updateCalculation(tx, request.me, request.body?.id, input)), Msg.saved);
    },
  );

  /**
   * The calculators' price table: every cover of the pool's type for a client (a member: its own; staff:
   * the client of `order_id` or `client_id`, or base prices without one), and the favourite reels.
   */
  app.post<{ Body: Record<string, unknown> }>(
    '/api/orderCalculus/getPrices',
    {
      config: {
        docs: {
          summary: 'Tabla de precios de las calculadoras para una piscina (el personal puede indicar order_id o client_id)',
          body: poolForm,
        },
      },
    },
    async (request) => {
      const input = parseBody(poolForm, request.body);
      let clientId = request.me.client_id;
      if (isAdmin(request.me)) {
        const orderId = parseOptionalRowId(request.body?.order_id, 'order_id');
        clientId = orderId
          ? (await findOrder(ctx.db, request.me, orderId)).client_id
          : parseOptionalRowId(request.body?.client_id, 'client_id');
      }
      const pricing = clientId ? await pricingContext(ctx.db, clientId) : await clientlessPricingContext(ctx.db, 'base');
      const pool = poolFrom(input);
      const prices: CalculatorPrices = {
        width: coverWidth(pool),
        client_fare_id: pricing.fareId,
        options: await coverOptions(ctx.db, pricing, pool),
        reels: await favouriteReels(ctx.db, pricing, pool),
      };
      return ok(prices);
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    '/api/order/updateOrderCartBasicDataAndRecalculateOrderItemPrices',
    { config: { docs: { summary: 'Guardar los datos básicos del carrito y recalcular sus precios', body: cartBasicsForm } } },
    async (request) => {
      const basics = onlySent(parseBody(cartBasicsForm, request.body), request.body);
      const { order, unsellable } = await ctx.db.transaction((tx) => updateCartBasics(tx, request.me, basics));
      return ok(
        await orderDetails(ctx.db, request.me, order.id),
        unsellable.length ? `${Msg.saved}. ${unsellableMessage(unsellable)}` : Msg.saved,
      );
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    '/api/order/finishOrderCartAndChangeOrderReviewStatus',
    { config: { docs: { summary: 'Terminar el carrito: se convierte en pedido', body: [finishForm, orderAddressForm] } } },
    async (request) => {
      // Both forms are checked, so that every field's message comes back at once.
      const checked = [finishForm.safeParse(request.body ?? {}), orderAddressForm.safeParse(request.body ?? {})] as const;
      const errors = Object.assign({}, ...checked.map((r) => (r.success ? {} : fieldErrors(r.error))));
      if (Object.keys(errors).length) throw invalid(errors);
      const basics = onlySent(
        checked[0].data as CartBasics & {
          force_advance_order_review_status_id: boolean;
          order_review_status_id_to_force?: number;
          remove_line_ids?: number[];
        },
        request.body,
      );
      const address = checked[1].data as OrderAddress;
      const { order } = await ctx.db.transaction((tx) =>
        finishCart(tx, request.me, {
          ...basics,
          address,
          force: basics.force_advance_order_review_status_id,
          review_status_to_force: basics.order_review_status_id_to_force,
        }),
      );
      return ok(await orderDetails(ctx.db, request.me, order.id), `Pedido nº ${order.id} terminado`);
    },
  );

  // ------------------------------------------------------------ staff

  app.post(
    '/api/order/changeReviewStatus',
    { config: { access: ['admin'], docs: { summary: 'Cambiar el estado de revisión de un pedido', body: reviewForm } } },
    async (request) => {
      const { order_id, order_review_status_id } = parseBody(reviewForm, request.body);
      await ctx.db.transaction((tx) => changeReviewStatus(tx, request.me, order_id, order_review_status_id));
      return ok(await orderDetails(ctx.db, request.me, order_id), Msg.saved);
    },
  );

  app.post(
    '/api/order/validateClientOrder',
    { config: { access: ['admin'], docs: { summary: 'Validar un pedido (avisa al cliente por correo)', body: validateOrderForm } } },
    async (request) => {
      const { order_id, validated_date } = parseBody(validateOrderForm, request.body);
      await ctx.db.transaction((tx) =>
        validateOrder(tx, request.me, order_id, new Date(`${validated_date}T12:00:00Z`), notifierOf(ctx, request)),
      );
      return ok(await orderDetails(ctx.db, request.me, order_id), 'Pedido validado');
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/order/document/:id',
    { config: { docs: { summary: 'El pedido en PDF', produces: 'application/pdf' } } },
    async (request, reply) => {
      const { pdf, filename } = await orderDocument(ctx, request.me, request.params.id);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
    },
  );

  // ------------------------------------------------------------ public

  const publicLimit = { access: 'public' as const, rateLimit: { max: 60, timeWindow: '1 minute' } };

  app.get<{ Params: { code: string } }>(
    '/api/order/trackOrder/:code',
    {
      config: {
        ...publicLimit,
        docs: { summary: 'Seguimiento de un pedido por su código (la página pública de seguimiento)', answer: trackedOrderAnswer },
      },
    },
    async (request) => okAs(trackedOrderAnswer, await trackOrder(ctx.db, request.params.code)),
  );

  /** The public calculator: the pool's cover options (or one cover) under the web fare, "sin IVA". */
  app.post(
    '/api/calculator/price',
    {
      config: {
        ...publicLimit,
        docs: {
          summary: 'Calculadora pública: los cobertores posibles para una piscina y sus precios con la tarifa web, sin IVA',
          body: publicPriceForm,
          answer: publicPriceAnswer,
        },
      },
    },
    async (request) => {
      const input = parseBody(publicPriceForm, request.body);
      const pricing = await clientlessPricingContext(ctx.db, 'web');
      const pool = poolFrom(input);
      const options = (await coverOptions(ctx.db, pricing, pool, { breakdown: true }))
        .filter((o) => !input.pool_cover_id || o.pool_cover_id === input.pool_cover_id)
        .map(({ lines, ...option }) => ({ ...option, lines: lines ?? [] }));
      return okAs(publicPriceAnswer, { width: coverWidth(pool), options });
    },
  );
}
