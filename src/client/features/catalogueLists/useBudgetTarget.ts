/**
 * The budget variant of the product lists (/item-list|/reel-list/{client_id?}/index/{budget_id}/{budget_calculus_id?}):
 * the ids of the route, the fare to price with and the `onAdd` that stores a wizard's line in the calculation.
 */
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { useSession } from '../../providers/useSession';
import { useApiQuery } from '../../providers/query';
import { budgetKeys, getBudgetDetails } from '../../common/budgetDetails';
import { addBudgetLine, clientFareOf } from './catalogueApi';
import type { AddLine } from './types';

/**
 * Admins price with the fare of the route's client; a member with its own (the server enforces it
 * whatever is sent). `undefined` while that is not known yet, `null` for base prices (also for
 * staff without a client yet). The cart variant (useCartTarget) prices the same way.
 */
export function useFareOf(clientId: number): number | null | undefined {
  const session = useSession();
  const isAdmin = session?.roles.includes('admin');
  const ownFare = session?.client_fare_id ?? null;
  const asked = isAdmin === true && !!clientId;
  const { data: clientFare, isError } = useApiQuery(
    ['client', clientId, 'fare'],
    async () => (await clientFareOf(clientId)) ?? null,
    asked,
  );
  if (isAdmin === undefined) return undefined;
  if (!isAdmin) return ownFare;
  if (!clientId || isError) return null;
  return clientFare;
}

/**
 * The budget, client and calculation a budget-variant list adds to. A path may leave out the client
 * (`/item-list/index/{budget_id}`) or the calculation (`…/index/{budget_id}`): the budget's own client
 * and its first calculation are meant.
 */
function useBudgetIds() {
  const params = useParams();
  const budgetId = Number(params.budget_id) || 0;
  const named = { clientId: Number(params.client_id) || 0, calculusId: Number(params.budget_calculus_id) || 0 };
  const complete = !!(named.clientId && named.calculusId);
  // The same read (and cache entry) as the budget screens' useBudget.
  const { data: budget } = useApiQuery(budgetKeys.details(budgetId), () => getBudgetDetails(budgetId), !complete && !!budgetId);
  const found = budget && { clientId: budget.client_id, calculusId: budget.budget_calculus[0]?.id ?? 0 };
  return { budgetId, clientId: named.clientId || found?.clientId || 0, calculusId: named.calculusId || found?.calculusId || 0 };
}

export function useBudgetTarget() {
  const { budgetId, clientId, calculusId } = useBudgetIds();
  const fareId = useFareOf(clientId);
  // Only ids and the quantity go to the server: it prices the line itself from the client's fare.
  const addLine: AddLine = useCallback(async (line) => {
    await addBudgetLine(calculusId, line.kind === 'item'
      ? { item_property_value_id: line.item_property_value_id, quantity: line.quantity }
      : { reel_diameter_id: line.reel_diameter_id, quantity: line.quantity });
  }, [calculusId]);
  // Nothing is priced or added before the calculation is known.
  return { clientId, budgetId, calculusId, fareId: calculusId ? fareId : undefined, addLine };
}
