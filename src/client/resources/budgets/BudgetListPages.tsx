/** The four budget lists of /budget-list (docs/screens.md): every budget the user may see, and the staff's lists by status. */
import { BudgetStatus } from '../../../shared/budgets';
import { BudgetList } from './BudgetList';

export const ClientBudgetsPage = () => <BudgetList title="Presupuestos" canCreate />;
export const DraftBudgetsPage = () => <BudgetList title="Presupuestos en borrador" status={BudgetStatus.draft} canCreate />;
export const AcceptedBudgetsPage = () => <BudgetList title="Presupuestos aceptados" status={BudgetStatus.accepted} />;
export const OrderedBudgetsPage = () => <BudgetList title="Presupuestos convertidos en pedido" status={BudgetStatus.ordered} />;
