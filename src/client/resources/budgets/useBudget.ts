/** Loading hooks shared by the budget screens. */
import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../../layout/useSession';
import { getBudgetDetails, getBudgetPrices, getPriceTable, type BudgetDetails, type BudgetPrices, type PriceTable } from './budgetApi';

export type Loaded<T> = { data: T | null; failed: boolean; reload: () => void };

/** Runs `load` on mount and whenever its inputs change; `failed` once it was refused (already notified). */
function useLoaded<T>(load: (() => Promise<T>) | null): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(() => {
    if (!load) return;
    load().then((value) => { setData(value); setFailed(false); }, () => setFailed(true));
  }, [load]);
  useEffect(reload, [reload]);
  return { data, failed, reload };
}

export function useBudget(budgetId: number | null): Loaded<BudgetDetails> {
  const load = useCallback(() => getBudgetDetails(budgetId!), [budgetId]);
  return useLoaded(budgetId ? load : null);
}

export function usePriceTable(calculusId: number): Loaded<PriceTable> {
  const load = useCallback(() => getPriceTable(calculusId), [calculusId]);
  return useLoaded(calculusId > 0 ? load : null);
}

export function useBudgetPrices(calculusId: number): Loaded<BudgetPrices> {
  const load = useCallback(() => getBudgetPrices(calculusId), [calculusId]);
  return useLoaded(calculusId > 0 ? load : null);
}

/** Who is looking: staff see the client picker and the status selector (spec §6). */
export function useViewer() {
  const session = useSession();
  return { session, isAdmin: !!session?.roles.includes('admin'), clientId: session?.client_id ?? null };
}
