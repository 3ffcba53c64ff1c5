import { lazyPage } from '../../lazyPage';
import RequestQuote from '@mui/icons-material/RequestQuote';

export const icon = RequestQuote;
// The lists come with the app (routing.ts).
export { AcceptedBudgetsPage, ClientBudgetsPage, DraftBudgetsPage, OrderedBudgetsPage } from './BudgetListPages';
export const BudgetCalculusListPage = lazyPage(() => import('./BudgetCalculusListPage'));
export const PriceTablePage = lazyPage(() => import('./PriceTablePage'));
export const BudgetSummaryPage = lazyPage(() => import('./BudgetSummaryPage'));
const calculator = () => import('./CalculatorPages');
export const NewCalculusPage = lazyPage(() => calculator().then((m) => ({ default: m.NewCalculusPage })));
export const EditCalculusPage = lazyPage(() => calculator().then((m) => ({ default: m.EditCalculusPage })));
