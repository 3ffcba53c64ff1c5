/** Budget states (spec §4, DESIGN §7). Status 0 is not stored: it names the list of every budget. */
export const BudgetStatus = { all: 0, draft: 1, accepted: 2, ordered: 3 } as const;

export const BUDGET_STATUSES = [
  { value: BudgetStatus.draft, label: 'Borrador' },
  { value: BudgetStatus.accepted, label: 'Aceptado' },
  { value: BudgetStatus.ordered, label: 'Convertido en pedido' },
] as const;

/** The statuses an admin may set by hand; "turned into an order" only comes from createOrder. */
export const SETTABLE_BUDGET_STATUSES: readonly number[] = [BudgetStatus.draft, BudgetStatus.accepted];
