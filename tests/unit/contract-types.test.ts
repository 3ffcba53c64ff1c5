/**
 * The compiler checks the seam (issue 42 §5): what the client reads of an answer is the contract's `data`,
 * so a field renamed in a contract breaks `npm run typecheck` where the client reads it. The `@ts-expect-error`
 * lines are the proof: were the renamed field still readable, the directive itself would fail the typecheck.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { staffDashboardAnswer } from '../../src/shared/dashboardAnswers';
import { dashboardContracts } from '../../src/shared/contracts/dashboard';
import { defineContract, type DataOf, type InputOf } from '../../src/shared/contracts/contract';
import { listRowAnswer, optionAnswer, resourceContracts, type ListRowOf, type RecordOf } from '../../src/shared/contracts/records';
import { timeRecordContracts } from '../../src/shared/contracts/timeRecords';
import { calculatorPricesAnswer } from '../../src/shared/calculatorAnswers';
import type { PoolShape } from '../../src/shared/calculators';
import type { SelectOption } from '../../src/shared/options';
import { poolAnswerShape, type OrderLine, type OrderLineKind } from '../../src/shared/orderViews';
import type { CalculatorPrices, CoverOption, PricedLine, ReelOffer } from '../../src/shared/pricing';
import { coverOptionAnswer, pricedLineAnswer, reelOfferAnswer } from '../../src/shared/pricingAnswers';
import { type CorrectionInput, type WorkState } from '../../src/shared/timeRecords';
import { checkInStatusAnswer } from '../../src/shared/timeRecordAnswers';
import { resources } from '../../schemas';

describe('types from contracts', () => {
  it("gives the client the answer's fields with their types", () => {
    type Staff = DataOf<typeof dashboardContracts.staff>;
    expectTypeOf<Staff['months']>().toEqualTypeOf<string[]>();
    expectTypeOf<Staff['topClients'][number]>().toEqualTypeOf<{ id: number; name: string; sales: number }>();
  });

  it('breaks the compile where the client reads a field the contract renamed', () => {
    // The staff dashboard's `months` renamed `meses` on the server's side.
    const _renamed = defineContract({
      ...dashboardContracts.staff,
      data: staffDashboardAnswer.omit({ months: true }).extend({ meses: z.array(z.string()) }),
    });
    const readMonths = (answer: DataOf<typeof _renamed>) =>
      // @ts-expect-error `months` is no longer in the answer: the client's read fails to compile.
      answer.months;
    expectTypeOf(readMonths).toBeFunction();
    expectTypeOf<DataOf<typeof _renamed>['meses']>().toEqualTypeOf<string[]>();
  });

  it("types a resource's records from its schema: declared fields, what the server adds, never a write-only field", () => {
    type User = RecordOf<typeof resources.user>;
    expectTypeOf<User['id']>().toEqualTypeOf<number>();
    expectTypeOf<User['email']>().toEqualTypeOf<string | null>();
    expectTypeOf<User['current_cart_order_id']>().toEqualTypeOf<number | null>();
    // @ts-expect-error the password hash is write-only: no record carries it.
    expectTypeOf<User['password']>().toBeNever();
    type UserData = DataOf<ReturnType<typeof resourceContracts<typeof resources.user>>['data']>;
    expectTypeOf<UserData>().toEqualTypeOf<User>();
  });

  it("gives a list row its extra columns, every one present, and none of the record's others", () => {
    type BudgetRow = ListRowOf<typeof resources.budget>;
    // Required keys: a row without the client's name or `is_expired` is no budget row.
    expectTypeOf<Pick<BudgetRow, 'client_name' | 'is_expired'>>().toEqualTypeOf<{ client_name: string | null; is_expired: boolean }>();
    type OrderRow = ListRowOf<typeof resources.order>;
    expectTypeOf<Pick<OrderRow, 'client_name' | 'total'>>().toEqualTypeOf<{ client_name: string | null; total: number }>();
    const readMisspelt = (row: BudgetRow) =>
      // @ts-expect-error a misspelt column is no column of the row.
      row.client_nme;
    expectTypeOf(readMisspelt).toBeFunction();
    const readCreator = (row: OrderRow) =>
      // @ts-expect-error who created the order comes with its record, not with a page's rows.
      row.user_id;
    expectTypeOf(readCreator).toBeFunction();
  });

  it("checks that a page's rows carry their extra columns", () => {
    const blank = (names: readonly string[]) => ({ ...Object.fromEntries(names.map((name) => [name, null])), id: 7 });
    const budgetRow = { ...blank(resources.budget.listRow), client_name: null, is_expired: false };
    expect(listRowAnswer(resources.budget).safeParse(budgetRow).success).toBe(true);
    const { is_expired: _left, ...withoutState } = budgetRow;
    expect(listRowAnswer(resources.budget).safeParse(withoutState).error?.issues.map((issue) => issue.path)).toEqual([['is_expired']]);
    const orderRow = {
      ...blank(resources.order.listRow), created_at: '2026-11-29T06:00:00.000Z', status_id: 0, is_valid: false, client_name: 'Piscinas Sol',
    };
    expect(listRowAnswer(resources.order).safeParse(orderRow).error?.issues.map((issue) => issue.path)).toEqual([['total']]);
    expect(listRowAnswer(resources.order).safeParse({ ...orderRow, total: 121 }).success).toBe(true);
  });

  it("asks the caller for what the contract takes: a page's number, a delete's id", () => {
    type PageInput = InputOf<ReturnType<typeof resourceContracts<typeof resources.tax>>['page']>;
    expectTypeOf<PageInput['params']>().toEqualTypeOf<{ page: string | number }>();
  });
});

/**
 * The rule modules (pricing.ts, calculators.ts, options.ts, timeRecords.ts' rules) stay free of zod, so their
 * types are written out and the answer schemas mirror them: exactly, optional fields included, so that a field
 * added, dropped, renamed or retyped on either side breaks the typecheck here.
 */
describe('answer schemas and the rule modules’ types', () => {
  it('prices: a cover option, a reel offer, a priced line and the calculators’ price table', () => {
    expectTypeOf<z.output<typeof coverOptionAnswer>>().toEqualTypeOf<CoverOption>();
    expectTypeOf<z.output<typeof reelOfferAnswer>>().toEqualTypeOf<ReelOffer>();
    expectTypeOf<z.output<typeof pricedLineAnswer>>().toEqualTypeOf<PricedLine>();
    expectTypeOf<z.output<typeof calculatorPricesAnswer>>().toEqualTypeOf<CalculatorPrices>();
  });

  it('a pool as budgets and order calculations answer it', () => {
    expectTypeOf<z.output<z.ZodObject<typeof poolAnswerShape>>>().toEqualTypeOf<PoolShape>();
  });

  it('a select option and a time correction as it arrives', () => {
    expectTypeOf<z.output<typeof optionAnswer>>().toEqualTypeOf<SelectOption>();
    expectTypeOf<z.output<typeof timeRecordContracts.correct.body>>().toEqualTypeOf<CorrectionInput>();
  });

  it('every member of a union the rules name: an order line’s kind, a worker’s state', () => {
    // A one-way check (`satisfies`) would let an enum that lacks a member through.
    expectTypeOf<OrderLine['kind']>().toEqualTypeOf<OrderLineKind>();
    expectTypeOf<z.output<typeof checkInStatusAnswer>['state']>().toEqualTypeOf<WorkState>();
  });

  it('breaks the compile when a schema drops an optional field its type keeps', () => {
    // Plain assignability would let this pass: an object without `lines` is still a CoverOption.
    expectTypeOf<z.output<ReturnType<typeof coverOptionAnswer.omit<{ lines: true }>>>>()
      // @ts-expect-error the mirror lacks `lines`: the two types are not equal.
      .toEqualTypeOf<CoverOption>();
  });
});
