/** Loading hooks shared by the budget screens. */
import { useSession } from '../../providers/useSession';
import { useApiQuery } from '../../providers/query';
import { budgetKeys, getBudgetDetails } from '../../common/budgetDetails';
import { getBudgetPrices, getPriceTable, type BudgetDetails, type BudgetPrices, type PriceTable } from './budgetApi';

export type Loaded<T> = { data: T | null; failed: boolean; reload: () => void };

/** Reads `load` while `enabled`; `failed` once it was refused (already notified). */
function useLoaded<T>(key: readonly unknown[], load: () => Promise<T>, enabled: boolean): Loaded<T> {
  const { data, isError, refetch } = useApiQuery(key, load, enabled);
  return { data: data ?? null, failed: isError, reload: () => { if (enabled) void refetch(); } };
}

export function useBudget(budgetId: number | null): Loaded<BudgetDetails> {
  return useLoaded(budgetKeys.details(budgetId ?? 0), () => getBudgetDetails(budgetId!), !!budgetId);
}

export function usePriceTable(calculusId: number): Loaded<PriceTable> {
  return useLoaded(budgetKeys.priceTable(calculusId), () => getPriceTable(calculusId), calculusId > 0);
}

export function useBudgetPrices(calculusId: number): Loaded<BudgetPrices> {
  return useLoaded(budgetKeys.prices(calculusId), () => getBudgetPrices(calculusId), calculusId > 0);
}

/** Who is looking: staff see the client picker and the status selector (docs/roles.md). */
export function useViewer() {
  const session = useSession();
  return { session, isAdmin: !!session?.roles.includes('admin'), clientId: session?.client_id ?? null };
}
