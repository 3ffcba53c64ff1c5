/** Budget and budget-calculus endpoints of docs/api.md; the rules live in domain/budgets.ts. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { resources } from '../../../schemas';
import { BUDGET_STATUSES, BudgetStatus } from '../../shared/budgets';
import { type Budget, type BudgetCalculus, type BudgetListRow } from '../../shared/budgetAnswers';
import {
  budgetCalculusContracts as calculus, budgetContracts as contract, coverRequest, lineRequest,
} from '../../shared/contracts/budgets';
import { Msg } from '../../shared/messages';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
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

/**
 * The generic engine's records are untyped rows: what they hold for a budget is the budget resource's record,
 * which the contract's `data` checks on every answer in the tests.
 */
const asBudget = (record: Record<string, unknown>) => record as Budget;

/** A calculation as the budget endpoints answer it: its id, overlap and remark (not its row's other columns). */
const calculusAnswer = ({ id, extra_distance, remark }: BudgetCalculus): BudgetCalculus => ({ id, extra_distance, remark });

export default async function budgetRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const context = (request: FastifyRequest) => recordContext(ctx, request, resources.budget);

  /** The budget lists: status 0 (or none) is every budget the user may see; 1 draft, 2 accepted, 3 ordered. */
  route(app, contract.list, async ({ body }, request) => {
    const query = pagedQuery(body as PagedBody);
    if (query.filter.budget_status_id === BudgetStatus.all || query.filter.budget_status_id === String(BudgetStatus.all))
      delete query.filter.budget_status_id;
    const page = await listRecords(await context(request), resources.budget, query);
    // The engine's rows are untyped: a budget list's are its list rows (the contract checks them in the tests).
    return ok({ ...page, items: page.items as BudgetListRow[] });
  });

  /** A budget with its calculations. */
  const details = async (request: FastifyRequest, id: unknown) => {
    const budget = asBudget(await getRecord(await context(request), resources.budget, id));
    return { ...budget, budget_calculus: (await calculationsOf(ctx.db, budget.id)).map(calculusAnswer) };
  };
  route(app, contract.details, async ({ params }, request) => ok(await details(request, params.id)));
  route(app, contract.detailsById, async ({ body }, request) => ok(await details(request, body.id)));

  route(app, contract.hasAccepted, async (_input, request) => ok(await hasAcceptedBudgets(ctx.db, request.me)));

  route(app, contract.changeStatus, async ({ body: { budget_id, budget_status_id } }, request) => {
    const budget = await ctx.db.transaction((tx) => changeBudgetStatus(tx, request.me, budget_id, budget_status_id));
    return ok(
      { id: budget.id, budget_status_id: budget.budget_status_id, has_accepted_budgets: await hasAcceptedBudgets(ctx.db, request.me) },
      'Estado del presupuesto actualizado',
    );
  });

  route(app, contract.redo, async ({ params }, request) => {
    const budget = await ctx.db.transaction((tx) => redoBudget(tx, request.me, params.id));
    return ok(
      asBudget(await getRecord(await context(request), resources.budget, budget.id)),
      `Se ha creado el presupuesto nº ${budget.id} con los precios de hoy`,
    );
  });

  /** Budgets turned into orders, for pickers (optionally of one client). */
  route(app, contract.orderedDropdown, async ({ params }, request) => ok(await orderedBudgetOptions(ctx.db, request.me, params.id)));

  route(app, contract.updateClientDetails, async ({ body: { budget_id, ...details } }, request) => {
    await ctx.db.transaction((tx) => updateClientDetails(tx, request.me, budget_id, details));
    return ok(asBudget(await getRecord(await context(request), resources.budget, budget_id)), Msg.saved);
  });

  /** Budget to order: the user then lands on the new cart order (OrderCartRoute). */
  route(app, contract.createOrder, async ({ body }, request) => {
    const order = await ctx.db.transaction((tx) => budgetToOrder(tx, request.me, body));
    return ok({ order_id: order.id }, `Se ha creado el pedido nº ${order.id}`);
  });

  /** The budget document (PDF) of a calculation. */
  route(app, contract.document, async ({ params }, request, reply) => {
    const { pdf, filename } = await budgetDocument(ctx, request.me, params.id);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
  });

  /**
   * Mails the budget document to the buyer's e-mail (or another address the user gives), through the
   * mail queue. At most 20 an hour per user (the contract's limit, counted per user here), each one audited
   * (who, which budget, to whom).
   */
  const perUser = { hook: 'preHandler' as const, keyGenerator: (request: FastifyRequest) => `budget-mail:${request.me.id}` };
  route(
    app,
    contract.sendDocument,
    async ({ body }, request) => {
      const given = typeof body.email === 'string' && body.email.trim() ? body.email.trim() : null;
      const to = await mailBudgetDocument(ctx, request.me, body.budget_calculus_id, given);
      return ok({ to }, `Presupuesto enviado a ${to}`);
    },
    { config: { rateLimit: perUser } },
  );

  route(app, contract.statusDropdown, async () => ok(BUDGET_STATUSES.map((s) => ({ label: s.label, value: s.value }))));

  // ------------------------------------------------------------ calculations

  route(app, calculus.list, async ({ body }, request) => ok(await calculusPage(ctx.db, request.me, body.budget_id, body)));

  /** Another calculation of a budget (e.g. with another overlap). */
  route(app, calculus.create, async ({ body }, request) =>
    ok(calculusAnswer(await ctx.db.transaction((tx) => addCalculus(tx, request.me, body.budget_id))), Msg.saved));

  route(app, calculus.priceTable, async ({ params }, request) => ok(await priceTable(ctx.db, request.me, params.id)));

  route(app, calculus.prices, async ({ body }, request) => {
    const raw = body.budget_calculus_items;
    if (raw !== undefined && !Array.isArray(raw)) throw invalid({ budget_calculus_items: Msg.invalidBody });
    const lines = (raw as Array<Record<string, unknown>> | undefined)?.map(toLineRequest);
    return ok(await budgetPrices(ctx.db, request.me, body.budget_calculus_id, lines));
  });

  route(app, calculus.updateExtraDistance, async ({ body }, request) => {
    const change = { extra_distance: body.extra_distance as number };
    return ok(calculusAnswer(await ctx.db.transaction((tx) => updateCalculus(tx, request.me, body.budget_calculus_id, change))), Msg.saved);
  });

  route(app, calculus.updateRemark, async ({ body }, request) => {
    const change = { remark: body.remark as string | null };
    return ok(calculusAnswer(await ctx.db.transaction((tx) => updateCalculus(tx, request.me, body.budget_calculus_id, change))), Msg.saved);
  });

  /** Chooses the cover (and reinforcement) of a calculation from its price table. */
  route(app, calculus.chooseCover, async ({ body: { budget_calculus_id, ...choice } }, request) =>
    ok(await ctx.db.transaction((tx) => chooseCover(tx, request.me, budget_calculus_id, choice)), Msg.saved));

  /** Adds a reel diameter or an article variation (the reel and article wizards). */
  route(app, calculus.addLine, async ({ body: { budget_calculus_id, ...line } }, request) =>
    ok(await ctx.db.transaction((tx) => addLine(tx, request.me, budget_calculus_id, lineOf(line))), Msg.saved));

  route(app, calculus.removeLine, async ({ body }, request) =>
    ok(await ctx.db.transaction((tx) => removeLine(tx, request.me, body.id)), Msg.deleted));
}
