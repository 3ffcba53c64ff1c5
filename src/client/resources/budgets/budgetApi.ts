/**
 * The budget calls of docs/api.md (Budget, Budget calculus) with the shapes the server answers. Every price is
 * computed by the server: the browser only sends ids and quantities. The files' calls are in budgetFiles.ts.
 */
import { type BudgetToOrderRequest } from '../../../shared/forms/budget';
import type { CoverOption, ReelOffer } from '../../../shared/pricing';
import type {
  Budget, BudgetDetails, BudgetLine, BudgetListRow, BudgetPrices, CalculusRow, PriceTable, ProposedBudgetLine,
} from '../../../shared/budgetAnswers';
import { budgetCalculusContracts as calculus, budgetContracts as budget } from '../../../shared/contracts/budgets';
import type { InputOf } from '../../../shared/contracts/contract';
import { apiBlob, call } from '../../providers/http';

export type {
  Budget,
  BudgetDetails,
  BudgetLine,
  BudgetListRow,
  BudgetPrices,
  CalculusRow,
  CoverOption,
  PriceTable,
  ReelOffer,
};

export const getBudgetList = (body: { page: number; per_page: number; sort?: string; order?: string; filters: Record<string, unknown> }) =>
  call(budget.list, { body }, { reads: true });

export const changeBudgetStatus = (budgetId: number, statusId: number) =>
  call(budget.changeStatus, { body: { budget_id: budgetId, budget_status_id: statusId } }, { changes: 'budget' });

export const redoBudget = (id: number) => call(budget.redo, { params: { id } }, { changes: 'budget' });

/** The client details as the contract takes them, besides the budget's id: the form's text, each field checked by the server. */
export type ClientDetailsValues = Omit<InputOf<typeof budget.updateClientDetails>['body'], 'budget_id'>;

/** The dialog's form values as they are: the server checks each field (budgetClientDetailsForm) and answers with its messages. */
export const updateClientDetails = (budgetId: number, values: ClientDetailsValues) =>
  call(budget.updateClientDetails, { body: { ...values, budget_id: budgetId } }, { changes: 'budget' });

export const createOrder = (body: BudgetToOrderRequest) => call(budget.createOrder, { body }, { changes: ['budget', 'order'] });

export const getCalculusList = (budgetId: number, page = 1) =>
  call(calculus.list, { body: { budget_id: budgetId, page, per_page: 100 } }, { reads: true });

export const createCalculus = (budgetId: number) =>
  call(calculus.create, { body: { budget_id: budgetId } }, { silent: true, changes: 'budget' });

export const getPriceTable = (calculusId: number) => call(calculus.priceTable, { params: { id: calculusId } }, {});

/** A stored line (it has its row id); getBudgetPrices answers proposed lines, without one, only when given some. */
const isStored = (line: BudgetLine | ProposedBudgetLine): line is BudgetLine => 'id' in line;

/** The calculation's stored lines and totals: asked without proposed lines, every line the server answers is a stored one. */
export async function getBudgetPrices(calculusId: number): Promise<BudgetPrices> {
  const prices = await call(calculus.prices, { body: { budget_calculus_id: calculusId } }, { reads: true });
  const lines: Array<BudgetLine | ProposedBudgetLine> = prices.lines;
  return { ...prices, lines: lines.filter(isStored) };
}

export const chooseCover = (
  calculusId: number,
  choice: { pool_cover_id: number; reinforcement_type_id: number | null; quantity: number },
) => call(calculus.chooseCover, { body: { budget_calculus_id: calculusId, ...choice } }, { changes: 'budget' });

export const addReelLine = (calculusId: number, reelDiameterId: number, quantity: number) =>
  call(calculus.addLine, { body: { budget_calculus_id: calculusId, reel_diameter_id: reelDiameterId, quantity } }, { changes: 'budget' });

export const removeLine = (lineId: number) => call(calculus.removeLine, { body: { id: lineId } }, { changes: 'budget' });

export const updateExtraDistance = (calculusId: number, extraDistance: unknown, silent = false) =>
  call(
    calculus.updateExtraDistance,
    { body: { budget_calculus_id: calculusId, extra_distance: extraDistance } },
    { silent, changes: 'budget' },
  );

export const updateRemark = (calculusId: number, remark: unknown, silent = false) =>
  call(calculus.updateRemark, { body: { budget_calculus_id: calculusId, remark } }, { silent, changes: 'budget' });

export const sendDocument = (calculusId: number, email?: string) =>
  call(budget.sendDocument, { body: { budget_calculus_id: calculusId, ...(email ? { email } : {}) } }, { changes: 'mailOutbox' });

/**
 * The budget PDF, fetched as a blob with the session cookie (not opened by an `<a href>`): a refusal
 * arrives as the usual envelope and is notified like any other call.
 */
export const fetchBudgetDocument = (calculusId: number) => apiBlob(`/api/budget/document/${calculusId}`);
