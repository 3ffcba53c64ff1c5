/** Order, cart, calculator and tracking endpoints of docs/api.md Order; the rules live in domain/orders.ts. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resources } from '../../../schemas';
import type { z } from 'zod';
import { calculationForm, finishForm, orderAddressForm } from '../../shared/forms/order';
import type { RequestOf } from '../../shared/contracts/contract';
import { orderContracts as contract } from '../../shared/contracts/orders';
import { Msg } from '../../shared/messages';
import type { ListPage } from '../../shared/listPage';
import { OrderStatus } from '../../shared/orders';
import type { OrderListRow } from '../../shared/orderViews';
import { coverWidth } from '../../shared/pricing';
import { madridDay } from '../../shared/madrid';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import { invalid, parseOptionalRowId } from '../errors';
import { isAdmin } from '../domain/auth';
import { assertPoolSides } from '../domain/settings';
import { coverOptions, favouriteReels, poolOf, pricingContext, clientlessPricingContext, type Pool } from '../domain/pricing';
import {
  addCalculation, addToCart, changeQuantity, changeReviewStatus, finishCart, findCalculation, findOrder, orderDetails, ordersToReview,
  removeCartLine, trackOrder, unsellableMessage, updateCalculation, updateCartBasics, validateOrder, type OrderAddress,
} from '../domain/orders';
import { listRecords } from '../domain/records';
import { orderDocument } from '../documents/orderDocument';
import { notifierOf, recordContext, parseBody } from './context';

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

/** The fields of one form out of a body read by a wider schema. */
function fieldsOf<S extends z.ZodObject, T extends Partial<z.output<S>>>(form: S, body: T): Pick<T, keyof z.output<S> & keyof T> {
  return Object.fromEntries(Object.keys(form.shape).filter((key) => key in body).map((key) => [key, body[key as keyof T]])) as Pick<
    T, keyof z.output<S> & keyof T
  >;
}

type ListBody = RequestOf<typeof contract.staffList>['body'];

/** A filter's day ("2026-11-24", or the date part of a longer value) that the calendar has; else 40001 under its field. */
function calendarDay(value: unknown, field: string): string {
  const day = String(value).slice(0, 10);
  const at = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T12:00:00Z`) : null;
  if (!at || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day) throw invalid({ [field]: Msg.dateInvalid });
  return day;
}

/** The named order lists' filters (client, invoicing company, dates, review status, drafts) as the engine's filter. */
function orderFilter(body: ListBody) {
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
  const list = async (body: ListBody, request: FastifyRequest) => {
    const filter = orderFilter(body);
    // A member's list is its own client's, whatever client it names.
    if (!isAdmin(request.me)) delete filter.client_id;
    // The order hooks' `listRow` (withOrderTotal) makes each of the engine's rows an order list row.
    return (await listRecords(await context(request), resources.order, {
      page: body.page,
      per_page: body.per_page,
      sort: typeof body.sort === 'string' ? body.sort : undefined,
      order: typeof body.order === 'string' ? body.order : undefined,
      filter,
    })) as ListPage<OrderListRow>;
  };

  route(app, contract.staffList, async ({ body }, request) => ok(await list(body, request)));
  route(app, contract.clientList, async ({ body }, request) => ok(await list(body, request)));

  route(app, contract.details, async ({ params }, request) => ok(await orderDetails(ctx.db, request.me, params.id)));

  route(app, contract.toReviewCount, async () => ok({ count: await ordersToReview(ctx.db) }));

  // ------------------------------------------------------------ cart

  route(app, contract.addLine, async ({ body }, request) => {
    const line = body.reel_diameter_id
      ? { kind: 'reel' as const, reel_diameter_id: body.reel_diameter_id, quantity: body.quantity }
      : body.item_property_value_id
        ? { kind: 'item' as const, item_property_value_id: body.item_property_value_id, quantity: body.quantity }
        : null;
    if (!line) throw invalid({ item_property_value_id: Msg.selectProperties });
    const orderId = await ctx.db.transaction((tx) => addToCart(tx, request.me, body, line));
    return ok(await orderDetails(ctx.db, request.me, orderId), Msg.addedToCart);
  });

  route(app, contract.changeLineQuantity, async ({ body }, request) => {
    const orderId = await ctx.db.transaction((tx) => changeQuantity(tx, request.me, body.id, body.quantity));
    return ok(await orderDetails(ctx.db, request.me, orderId), Msg.saved);
  });

  route(app, contract.removeLine, async ({ body }, request) => {
    const orderId = await ctx.db.transaction((tx) => removeCartLine(tx, request.me, body.id));
    return ok(await orderDetails(ctx.db, request.me, orderId), Msg.deleted);
  });

  /** A cover calculation into a cart: `order` names the cart ({id}) or its client ({client_id}). */
  route(app, contract.addCalculation, async ({ body }, request) => {
    const input = parseBody(calculationForm, body.order_calculus);
    await assertPoolSides(ctx.db, input);
    const target = {
      order_id: parseOptionalRowId(body.order?.id, 'order.id'),
      client_id: parseOptionalRowId(body.order?.client_id, 'order.client_id'),
    };
    return ok(await ctx.db.transaction((tx) => addCalculation(tx, request.me, target, input)), Msg.addedToCart);
  });

  route(app, contract.calculation, async ({ params }, request) => {
    const { calculus, order } = await findCalculation(ctx.db, request.me, params.id);
    return ok({ ...calculus, client_id: order.client_id, order_status_id: order.status_id });
  });

  route(app, contract.updateCalculation, async ({ body: { id, ...input } }, request) => {
    await assertPoolSides(ctx.db, input);
    return ok(await ctx.db.transaction((tx) => updateCalculation(tx, request.me, id, input)), Msg.saved);
  });

  /**
   * The calculators' price table: every cover of the pool's type for a client (a member: its own; staff:
   * the client of `order_id` or `client_id`, or base prices without one), and the favourite reels.
   */
  route(app, contract.calculatorPrices, async ({ body }, request) => {
    await assertPoolSides(ctx.db, body);
    let clientId = request.me.client_id;
    if (isAdmin(request.me)) {
      const orderId = parseOptionalRowId(body.order_id, 'order_id');
      clientId = orderId ? (await findOrder(ctx.db, request.me, orderId)).client_id : parseOptionalRowId(body.client_id, 'client_id');
    }
    const pricing = clientId ? await pricingContext(ctx.db, clientId) : await clientlessPricingContext(ctx.db, 'base');
    const pool = poolFrom(body);
    return ok({
      width: coverWidth(pool),
      client_fare_id: pricing.fareId,
      options: await coverOptions(ctx.db, pricing, pool),
      reels: await favouriteReels(ctx.db, pricing, pool),
    });
  });

  route(app, contract.updateCartBasics, async ({ body }, request) => {
    const basics = onlySent(body, request.body);
    const { order, unsellable } = await ctx.db.transaction((tx) => updateCartBasics(tx, request.me, basics));
    return ok(
      await orderDetails(ctx.db, request.me, order.id),
      unsellable.length ? `${Msg.saved}. ${unsellableMessage(unsellable)}` : Msg.saved,
    );
  });

  route(app, contract.finishCart, async ({ body }, request) => {
    // One body, both forms' fields checked at once (every message comes back together); each form's part goes its own way.
    const basics = onlySent(fieldsOf(finishForm, body), request.body);
    const address: OrderAddress = fieldsOf(orderAddressForm, body);
    const { order } = await ctx.db.transaction((tx) =>
      finishCart(tx, request.me, {
        ...basics,
        address,
        force: basics.force_advance_order_review_status_id,
        review_status_to_force: basics.order_review_status_id_to_force,
      }),
    );
    return ok(await orderDetails(ctx.db, request.me, order.id), `Pedido nº ${order.id} terminado`);
  });

  // ------------------------------------------------------------ staff

  route(app, contract.changeReviewStatus, async ({ body: { order_id, order_review_status_id } }, request) => {
    await ctx.db.transaction((tx) => changeReviewStatus(tx, request.me, order_id, order_review_status_id));
    return ok(await orderDetails(ctx.db, request.me, order_id), Msg.saved);
  });

  route(app, contract.validate, async ({ body: { order_id, validated_date } }, request) => {
    await ctx.db.transaction((tx) =>
      validateOrder(tx, request.me, order_id, new Date(`${validated_date}T12:00:00Z`), notifierOf(ctx, request)),
    );
    return ok(await orderDetails(ctx.db, request.me, order_id), 'Pedido validado');
  });

  route(app, contract.document, async ({ params }, request, reply) => {
    const { pdf, filename } = await orderDocument(ctx, request.me, params.id);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
  });

  // ------------------------------------------------------------ public

  route(app, contract.track, async ({ params }) => ok(await trackOrder(ctx.db, params.code)));

  /** The public calculator: the pool's cover options (or one cover) under the web fare, "sin IVA". */
  route(app, contract.publicPrice, async ({ body }) => {
    await assertPoolSides(ctx.db, body);
    const pricing = await clientlessPricingContext(ctx.db, 'web');
    const pool = poolFrom(body);
    const options = (await coverOptions(ctx.db, pricing, pool, { breakdown: true }))
      .filter((o) => !body.pool_cover_id || o.pool_cover_id === body.pool_cover_id)
      .map(({ lines, ...option }) => ({ ...option, lines: lines ?? [] }));
    return ok({ width: coverWidth(pool), options });
  });
}
