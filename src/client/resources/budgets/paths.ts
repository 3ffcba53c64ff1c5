/** The budget screens' paths (docs/screens.md "Budgets"), in one place so that links and routes agree. */
import { BudgetStatus } from '../../../shared/budgets';

export const BUDGET_ROOT = '/budget-list';

export type SummaryAction = 'order' | 'send' | 'client-details';
export const SUMMARY_ACTIONS: readonly SummaryAction[] = ['order', 'send', 'client-details'];

export const budgetPaths = {
  clientBudgets: `${BUDGET_ROOT}/client-budgets`,
  draftBudgets: `${BUDGET_ROOT}/draft-budgets`,
  acceptedBudgets: `${BUDGET_ROOT}/accepted-budgets`,
  orderedBudgets: `${BUDGET_ROOT}/ordered-budgets`,
  calculusList: (budgetId: number) => `${BUDGET_ROOT}/budget-calculus-list/${budgetId}`,
  priceTable: (calculusId: number) => `${BUDGET_ROOT}/price-table/${calculusId}`,
  summary: (calculusId: number, action?: SummaryAction) => `${BUDGET_ROOT}/summary/${calculusId}${action ? `/${action}` : ''}`,
  newCalculus: (budgetId: number) => `/budget-calculator/${budgetId}/index`,
  editCalculus: (budgetId: number, calculusId: number) => `/edit-budget-calculator/index/${budgetId}/${calculusId}`,
  /** The article and reel wizards (another screen) adding to this calculation. */
  itemWizard: (clientId: number, budgetId: number, calculusId: number) => `/item-list/${clientId}/index/${budgetId}/${calculusId}`,
  reelWizard: (clientId: number, budgetId: number, calculusId: number) => `/reel-list/${clientId}/index/${budgetId}/${calculusId}`,
  /** OrderCartRoute: where a budget turned into an order goes on. */
  orderCart: (orderId: number) => `/order-cart/${orderId}`,
};

/** Spec §2: DraftBudgetListRoute is where staff land after editing a budget; members see their one list. */
export const afterEditPath = (isAdmin: boolean) => (isAdmin ? budgetPaths.draftBudgets : budgetPaths.clientBudgets);

/** A budget can become an order once the staff accepted it and while it has not expired. */
export const canBecomeOrder = (budget: { budget_status_id: number; is_expired: boolean }) =>
  budget.budget_status_id === BudgetStatus.accepted && !budget.is_expired;

/** Lines and overlap change only while the budget is open (the server says the same with a 30001). */
export const isEditable = (budget: { budget_status_id: number; is_expired: boolean }, isAdmin: boolean) =>
  budget.budget_status_id !== BudgetStatus.ordered && !budget.is_expired && (isAdmin || budget.budget_status_id !== BudgetStatus.accepted);
