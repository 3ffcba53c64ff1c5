/** Budget and budget-calculus endpoints of docs/api.md; the rules live in domain/budgets.ts. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resources } from '../../../schemas';
import { budgetClientDetailsForm, budgetStatusForm, budgetToOrderForm, calculusForm, quantity } from '../../../schemas/budget';
import { BUDGET_STATUSES, BudgetStatus } from '../../shared/budgets';
import { Msg } from '../../shared/messages';
import { reference } from '../../shared/validation';
import type { AppContext } from '../context';
import { ok } from '../plugins/envelope';
import { invalid } from '../errors';
import { budgetDocument, mailBudgetDocument } from '../documents/budgetDocument';
import {
  addCalculus,
  addLine,
  budgetPrices,
  budgetToOrder,
  calculationsOf,
  calculusPage,
  changeBudgetStatus,
  chooseCover,
  hasAcceptedBudgets,
  orderedBudgetOptions,
  priceTable,
  redoBudget,
  removeLine,
  updateCalculus,
  updateClientDetails,
  type LineRequest,
} from '../domain/budgets';
import { getRecord, listRecords } from '../domain/records';
import { pagedQuery, recordContext, type PagedBody, parseBody } from './context';

const calculusId = z.object({ budget_calculus_id: reference('Seleccione el cálculo') });
const budgetId = z.object({ budget_id: reference('Seleccione el presupuesto') });
const extraDistanceForm = calculusId.extend({ extra_distance: calculusForm.shape.extra_distance });
const remarkForm = calculusId.extend({ remark: calculusForm.shape.remark });
const lineRequest = z.object({
  reel_diameter_id: reference(null).optional(),
  item_property_value_id: reference(null).optional(),
  quantity,
});
const coverRequest = z.object({
  pool_cover_id: reference('Campo obligatorio'),
  reinforcement_type_id: reference(null).optional(),
  quantity,
});

type LineChoice = z.output<typeof lineRequest>;

/** A browser's proposed line: only ids and quantities are read; any price it carries is ignored. */
function toLineRequest(raw: Record<string, unknown>): LineRequest {
  if (raw.pool_cover_id) return { kind: 'cover', ...parseBody(coverRequest, raw) };
  return lineOf(parseBody(lineRequest, raw));
}

/** A reel diameter or an article variation line, from a checked body. */
function lineOf(line: LineChoice): LineRequest {
  if (line.reel_diameter_id) return { kind: 'reel', reel_diameter_id: line.reel_diameter_id, quantity: line.quantity };
  if (line.item_property_value_id) return { kind: 'item', item_property_value_id: line.item_property_value_id, quantity: line.quantity };
  throw invalid({ budget_calculus_items: Msg.invalidBody });
}

export default async function budgetRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const context = (request: FastifyRequest) => recordContext(ctx, request, resources.budget);

  /** The budget lists: status 0 (or none) is every budget the user may see; 1 draft, 2 accepted, 3 ordered. */
  app.post<{ Body: PagedBody }>(
    '/api/budget/getBudgetList',
    { config: { docs: { summary: 'Presupuestos: una página filtrada' } } },
    async (request) => {
      const query = pagedQuery(request.body);
      if (query.filter.budget_status_id === BudgetStatus.all || query.filter.budget_status_id === String(BudgetStatus.all))
        delete query.filter.budget_status_id;
      return ok(await listRecords(await context(request), resources.budget, query));
    },
  );

  /** A budget with its calculations. */
  const details = async (request: FastifyRequest, id: unknown) => {
    const budget = await getRecord(await context(request), resources.budget, id);
    return { ...budget, budget_calculus: await calculationsOf(ctx.db, budget.id as number) };
  };
  app.get<{ Params: { id: string } }>(
    '/api/budget/getBudgetDetails/:id',
    { config: { docs: { summary: 'Un presupuesto con sus cálculos' } } },
    async (request) => ok(await details(request, request.params.id)),
  );
  app.post<{ Body: { id?: unknown } }>(
    '/api/budget/getBudgetDetails',
    { config: { docs: { summary: 'Un presupuesto con sus cálculos (id en el cuerpo)' } } },
    async (request) => ok(await details(request, request.body?.id)),
  );

  app.get('/api/budget/hasAcceptedBudgets', { config: { docs: { summary: 'Si hay presupuestos aceptados' } } }, async (request) =>
    ok(await hasAcceptedBudgets(ctx.db, request.me)),
  );

  app.post(
    '/api/budget/changeBudgetStatus',
    {
      config: { access: ['admin'], docs: { summary: 'Cambiar el estado de un presupuesto (borrador o aceptado)', body: budgetStatusForm } },
    },
    async (request) => {
      const { budget_id, budget_status_id } = parseBody(budgetStatusForm, request.body);
      const budget = await ctx.db.transaction((tx) => changeBudgetStatus(tx, request.me, budget_id, budget_status_id));
      return ok(
        { id: budget.id, budget_status_id: budget.budget_status_id, has_accepted_budgets: await hasAcceptedBudgets(ctx.db, request.me) },
        'Estado del presupuesto actualizado',
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/budget/rehacerPresupuesto/:id',
    { config: { docs: { summary: 'Rehacer un presupuesto con los precios de hoy (crea uno nuevo)' } } },
    async (request) => {
      const budget = await ctx.db.transaction((tx) => redoBudget(tx, request.me, request.params.id));
      return ok(
        await getRecord(await context(request), resources.budget, budget.id),
        `Se ha creado el presupuesto nº ${budget.id} con los precios de hoy`,
      );
    },
  );

  /** Budgets turned into orders, for pickers (optionally of one client). */
  app.get<{ Params: { id?: string } }>(
    '/api/budget/getOrderedBudgetsDropdown/:id?',
    { config: { docs: { summary: 'Presupuestos convertidos en pedido (de un cliente, si se indica): desplegable' } } },
    async (request) => ok(await orderedBudgetOptions(ctx.db, request.me, request.params.id)),
  );

  app.post<{ Body: Record<string, unknown> }>(
    '/api/budget/updateClientDetails',
    { config: { docs: { summary: 'Guardar los datos del cliente final de un presupuesto', body: [budgetId, budgetClientDetailsForm] } } },
    async (request) => {
      const { budget_id } = parseBody(budgetId, request.body);
      const details = parseBody(budgetClientDetailsForm, request.body);
      await ctx.db.transaction((tx) => updateClientDetails(tx, request.me, budget_id, details));
      return ok(await getRecord(await context(request), resources.budget, budget_id), Msg.saved);
    },
  );

  /** Budget to order: the user then lands on the new cart order (OrderCartRoute). */
  app.post(
    '/api/budget/createOrder',
    { config: { docs: { summary: 'Convertir un presupuesto en pedido', body: budgetToOrderForm } } },
    async (request) => {
      const form = parseBody(budgetToOrderForm, request.body);
      const order = await ctx.db.transaction((tx) => budgetToOrder(tx, request.me, form));
      return ok({ order_id: order.id }, `Se ha creado el pedido nº ${order.id}`);
    },
  );

  /** The budget document (PDF) of a calculation. */
  app.get<{ Params: { id: string } }>(
    '/api/budget/document/:id',
    { config: { docs: { summary: 'El presupuesto de un cálculo en PDF', produces: 'application/pdf' } } },
    async (request, reply) => {
      const { pdf, filename } = await budgetDocument(ctx, request.me, request.params.id);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
    },
  );

  /**
   * Mails the budget document to the buyer's e-mail (or another address the user gives), through the
   * mail queue. At most 20 an hour per user, each one audited (who, which budget, to whom).
   */
  const sendLimit = {
    max: 20,
    timeWindow: '1 hour',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `budget-mail:${request.me.id}`,
  };
  app.post<{ Body: { budget_calculus_id?: unknown; email?: unknown } }>(
    '/api/budget/sendDocument',
    {
      config: {
        rateLimit: sendLimit,
        docs: { summary: 'Enviar el presupuesto en PDF por correo (al comprador, o a `email`)', body: calculusId },
      },
    },
    async (request) => {
      const { budget_calculus_id } = parseBody(calculusId, request.body);
      const given = typeof request.body?.email === 'string' && request.body.email.trim() ? request.body.email.trim() : null;
      const to = await mailBudgetDocument(ctx, request.me, budget_calculus_id, given);
      return ok({ to }, `Presupuesto enviado a ${to}`);
    },
  );

  app.get('/api/budgetStatus/getDropdown', { config: { docs: { summary: 'Estados de presupuesto: desplegable' } } }, async () =>
    ok(BUDGET_STATUSES.map((s) => ({ label: s.label, value: s.value }))),
  );

  // ------------------------------------------------------------ calculations

  app.post<{ Body: { budget_id?: unknown; page?: number; per_page?: number } }>(
    '/api/budgetCalculus/getBudgetCalculusList',
    { config: { docs: { summary: 'Los cálculos de un presupuesto: una página' } } },
    async (request) => ok(await calculusPage(ctx.db, request.me, request.body?.budget_id, request.body ?? {})),
  );

  /** Another calculation of a budget (e.g. with another overlap). */
  app.post<{ Body: { budget_id?: unknown } }>(
    '/api/budgetCalculus/create',
    { config: { docs: { summary: 'Añadir un cálculo vacío a un presupuesto' } } },
    async (request) => ok(await ctx.db.transaction((tx) => addCalculus(tx, request.me, request.body?.budget_id)), Msg.saved),
  );

  app.get<{ Params: { id: string } }>(
    '/api/budgetCalculus/generateBudgetPrices/:id',
    { config: { docs: { summary: 'La tabla de precios de un cálculo de presupuesto' } } },
    async (request) => ok(await priceTable(ctx.db, request.me, request.params.id)),
  );

  app.post<{ Body: { budget_calculus_id?: unknown; budget_calculus_items?: unknown } }>(
    '/api/budgetCalculus/getBudgetPrices',
    { config: { docs: { summary: 'Precios de un cálculo (con las líneas propuestas en budget_calculus_items)', body: calculusId } } },
    async (request) => {
      const { budget_calculus_id } = parseBody(calculusId, request.body);
      const raw = request.body?.budget_calculus_items;
      if (raw !== undefined && !Array.isArray(raw)) throw invalid({ budget_calculus_items: Msg.invalidBody });
      const lines = (raw as Array<Record<string, unknown>> | undefined)?.map(toLineRequest);
      return ok(await budgetPrices(ctx.db, request.me, budget_calculus_id, lines));
    },
  );

  app.post(
    '/api/budgetCalculus/updateExtraDistance',
    { config: { docs: { summary: 'Cambiar el solape de un cálculo', body: extraDistanceForm } } },
    async (request) => {
      const body = parseBody(extraDistanceForm, request.body);
      return ok(
        await ctx.db.transaction((tx) =>
          updateCalculus(tx, request.me, body.budget_calculus_id, { extra_distance: body.extra_distance as number }),
        ),
        Msg.saved,
      );
    },
  );

  app.post(
    '/api/budgetCalculus/updateRemark',
    { config: { docs: { summary: 'Cambiar la observación de un cálculo', body: remarkForm } } },
    async (request) => {
      const body = parseBody(remarkForm, request.body);
      return ok(
        await ctx.db.transaction((tx) => updateCalculus(tx, request.me, body.budget_calculus_id, { remark: body.remark as string | null })),
        Msg.saved,
      );
    },
  );

  /** Chooses the cover (and reinforcement) of a calculation from its price table. */
  app.post(
    '/api/budgetCalculus/chooseCover',
    { config: { docs: { summary: 'Elegir el cobertor (y el refuerzo) de un cálculo', body: [calculusId, coverRequest] } } },
    async (request) => {
      // One schema for the id and the choice, so that every field's message comes back at once.
      const { budget_calculus_id, ...choice } = parseBody(calculusId.extend(coverRequest.shape), request.body);
      return ok(await ctx.db.transaction((tx) => chooseCover(tx, request.me, budget_calculus_id, choice)), Msg.saved);
    },
  );

  /** Adds a reel diameter or an article variation (the reel and article wizards). */
  app.post<{ Body: Record<string, unknown> }>(
    '/api/budgetCalculus/addLine',
    { config: { docs: { summary: 'Añadir un enrollador o un artículo a un cálculo', body: [calculusId, lineRequest] } } },
    async (request) => {
      const { budget_calculus_id, ...line } = parseBody(calculusId.extend(lineRequest.shape), request.body);
      return ok(await ctx.db.transaction((tx) => addLine(tx, request.me, budget_calculus_id, lineOf(line))), Msg.saved);
    },
  );

  app.post<{ Body: { id?: unknown } }>(
    '/api/budgetCalculus/removeLine',
    { config: { docs: { summary: 'Quitar una línea de un cálculo de presupuesto' } } },
    async (request) => ok(await ctx.db.transaction((tx) => removeLine(tx, request.me, request.body?.id)), Msg.deleted),
  );
}
