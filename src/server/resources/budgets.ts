/** Budgets: created in status 1 with a fixed expiry and a first calculation; re-priced when the pool changes. */
import { asc, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { BudgetStatus } from '../../shared/budgets';
import { Msg } from '../../shared/messages';
import type { ResourceHooks } from '../domain/records';
import { pricingContext } from '../domain/pricing';
import { assertPoolSides } from '../domain/settings';
import { assertEditable, expiryFor, findBudget, findCalculus, repriceCalculus, withBudgetState } from '../domain/budgets';
import { budget_calculus, budgets, clients, pool_cover_types } from '../db/tables';
import { invalid, warning } from '../errors';

type Budget = typeof budgets.$inferSelect;

export const budgetHooks: ResourceHooks = {
  // A built subquery keeps its columns qualified (drizzle unqualifies a one-table select's own columns).
  listColumns: {
    client_name: sql<string>`${new QueryBuilder().select({ name: clients.name }).from(clients).where(eq(clients.id, budgets.client_id))}`,
  },
  expand: withBudgetState,
  async beforeWrite({ ctx, tx, data, mode, existing }) {
    await assertPoolSides(tx, data);
    const [type] = await tx
      .select({ season: pool_cover_types.season })
      .from(pool_cover_types)
      .where(eq(pool_cover_types.id, Number(data.pool_cover_type_id)));
    if (type && type.season !== Number(data.pool_subcategory_id)) throw invalid({ pool_cover_type_id: Msg.coverTypeSeason });
    if (mode === 'update') {
      assertEditable(existing as Budget, ctx.user);
      return data;
    }
    const created = new Date();
    return {
      ...data,
      budget_status_id: BudgetStatus.draft,
      user_id: ctx.user.id,
      created_date: created,
      expires_at: await expiryFor(tx, Number(data.client_id), created),
    };
  },
  async afterWrite({ tx, mode, after }) {
    if (mode === 'create' && after) {
      await tx.insert(budget_calculus).values({ budget_id: after.id as number, extra_distance: String(after.extra_distance ?? '0') });
    }
    if (mode === 'update' && after) {
      // New dimensions, type or overlap: every calculation is priced again.
      const calculations = await tx
        .select()
        .from(budget_calculus)
        .where(eq(budget_calculus.budget_id, after.id as number))
        .orderBy(asc(budget_calculus.id));
      const pricing = await pricingContext(tx, Number(after.client_id));
      for (const calculus of calculations) await repriceCalculus(tx, pricing, after as Budget, calculus);
    }
  },
  beforeDelete({ existing }) {
    if (existing.budget_status_id === BudgetStatus.ordered) throw warning(Msg.budgetOrdered);
  },
};

/** Files of a calculation or a budget belong to that budget's client (a member only reaches its own). */
export const attachedFileHooks: ResourceHooks = {
  async beforeWrite({ ctx, tx, data, mode }) {
    if (mode !== 'create') return data;
    const { budget } = await findCalculus(tx, ctx.user, data.budget_calculus_id);
    return { ...data, client_id: budget.client_id };
  },
};

export const budgetPaycheckHooks: ResourceHooks = {
  async beforeWrite({ ctx, tx, data, mode }) {
    if (mode !== 'create') return data;
    const budget = await findBudget(tx, ctx.user, data.budget_id);
    return { ...data, client_id: budget.client_id };
  },
};
