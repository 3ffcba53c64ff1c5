/**
 * A budget's details and the query keys of the budget screens, shared by the budget screens
 * (resources/budgets) and the product lists in budget mode (features/catalogueLists): one read, one
 * cache entry, so that a save invalidates both.
 */
import { budgetContracts } from '../../shared/contracts/budgets';
import { call } from '../providers/http';

export const getBudgetDetails = (id: number) => call(budgetContracts.details, { params: { id } }, {});

/** The query keys of the budget screens, all under 'budget': a save can invalidate one read or all of them. */
export const budgetKeys = {
  details: (budgetId: number) => ['budget', budgetId, 'details'] as const,
  priceTable: (calculusId: number) => ['budget', 'calculus', calculusId, 'priceTable'] as const,
  prices: (calculusId: number) => ['budget', 'calculus', calculusId, 'prices'] as const,
};
