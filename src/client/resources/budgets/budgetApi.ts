/**
 * The budget calls of docs/api.md (Budget, Budget calculus, attached files, payment proofs) with the shapes
 * the server answers. Every price is computed by the server: the browser only sends ids and quantities.
 */
import type { BudgetToOrderRequest } from '../../../../schemas/budget';
import type { CoverOption, ReelOffer } from '../../../shared/pricing';
import type {
  Budget, BudgetCalculus, BudgetDetails, BudgetLine, BudgetListRow, BudgetPrices, BudgetStatusChange, CalculusRow, PriceTable, StoredFile,
} from '../../../shared/budgets';
import type { ListPage } from '../../../shared/lists';
import { api, apiBlob } from '../../providers/http';

export type {
  Budget,
  BudgetCalculus,
  BudgetDetails,
  BudgetLine,
  BudgetListRow,
  BudgetPrices,
  CalculusRow,
  CoverOption,
  PriceTable,
  ReelOffer,
  StoredFile,
};

export const getBudgetList = (body: { page: number; per_page: number; sort?: string; order?: string; filters: Record<string, unknown> }) =>
  api<ListPage<BudgetListRow>>('/api/budget/getBudgetList', { body, reads: true });

export const changeBudgetStatus = (budgetId: number, statusId: number) =>
  api<BudgetStatusChange>('/api/budget/changeBudgetStatus', {
    body: { budget_id: budgetId, budget_status_id: statusId },
    changes: 'budget',
  });

export const redoBudget = (id: number) =>
  api<Budget>(`/api/budget/rehacerPresupuesto/${id}`, { method: 'POST', body: {}, changes: 'budget' });

export const updateClientDetails = (budgetId: number, values: Record<string, unknown>) =>
  api<Budget>('/api/budget/updateClientDetails', { body: { ...values, budget_id: budgetId }, changes: 'budget' });

export const createOrder = (body: BudgetToOrderRequest) =>
  api<{ order_id: number }>('/api/budget/createOrder', { body, changes: ['budget', 'order'] });

export const getCalculusList = (budgetId: number, page = 1) =>
  api<ListPage<CalculusRow>>('/api/budgetCalculus/getBudgetCalculusList', {
    body: { budget_id: budgetId, page, per_page: 100 },
    reads: true,
  });

export const createCalculus = (budgetId: number) =>
  api<BudgetCalculus>('/api/budgetCalculus/create', { body: { budget_id: budgetId }, silent: true, changes: 'budget' });

export const getPriceTable = (calculusId: number) => api<PriceTable>(`/api/budgetCalculus/generateBudgetPrices/${calculusId}`);

export const getBudgetPrices = (calculusId: number) =>
  api<BudgetPrices>('/api/budgetCalculus/getBudgetPrices', { body: { budget_calculus_id: calculusId }, reads: true });

export const chooseCover = (
  calculusId: number,
  choice: { pool_cover_id: number; reinforcement_type_id: number | null; quantity: number },
) => api<BudgetPrices>('/api/budgetCalculus/chooseCover', { body: { budget_calculus_id: calculusId, ...choice }, changes: 'budget' });

export const addReelLine = (calculusId: number, reelDiameterId: number, quantity: number) =>
  api<BudgetPrices>('/api/budgetCalculus/addLine', {
    body: { budget_calculus_id: calculusId, reel_diameter_id: reelDiameterId, quantity },
    changes: 'budget',
  });

export const removeLine = (lineId: number) =>
  api<BudgetPrices>('/api/budgetCalculus/removeLine', { body: { id: lineId }, changes: 'budget' });

export const updateExtraDistance = (calculusId: number, extraDistance: unknown, silent = false) =>
  api('/api/budgetCalculus/updateExtraDistance', {
    body: { budget_calculus_id: calculusId, extra_distance: extraDistance },
    silent,
    changes: 'budget',
  });

export const updateRemark = (calculusId: number, remark: unknown, silent = false) =>
  api('/api/budgetCalculus/updateRemark', { body: { budget_calculus_id: calculusId, remark }, silent, changes: 'budget' });

export const sendDocument = (calculusId: number, email?: string) =>
  api('/api/budget/sendDocument', { body: { budget_calculus_id: calculusId, ...(email ? { email } : {}) }, changes: 'mailOutbox' });

/**
 * The budget PDF, fetched as a blob with the session cookie (not opened by an `<a href>`): a refusal
 * arrives as the usual envelope and is notified like any other call.
 */
export const fetchBudgetDocument = (calculusId: number) => apiBlob(`/api/budget/document/${calculusId}`);

// ---------------------------------------------------------------- files (attached files, payment proofs)

/** The two file kinds of docs/data.md: attached files hang from a calculation, payment proofs from a budget. */
export type FileKind = 'attachedFile' | 'budgetPaycheck';
export const OWNER_FIELD: Record<FileKind, 'budget_calculus_id' | 'budget_id'> = {
  attachedFile: 'budget_calculus_id',
  budgetPaycheck: 'budget_id',
};

/** Silent: the screen says when the list cannot be read, instead of a notification on every visit. */
export const listFiles = (kind: FileKind, ownerId: number) =>
  api<StoredFile[]>(`/api/${kind}/all?filter=${encodeURIComponent(JSON.stringify({ [OWNER_FIELD[kind]]: ownerId }))}`, { silent: true });

export function uploadFile(kind: FileKind, ownerId: number, name: string, file: File) {
  const form = new FormData();
  form.append('data', JSON.stringify({ [OWNER_FIELD[kind]]: ownerId, name }));
  form.append('file', file, file.name);
  return api<StoredFile>(`/api/${kind}/create`, { form, changes: 'budget' });
}

export const deleteFile = (kind: FileKind, id: number) => api(`/api/${kind}/delete`, { body: { id }, changes: 'budget' });
