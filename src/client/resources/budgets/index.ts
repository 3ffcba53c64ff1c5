import { lazy } from 'react';
import RequestQuote from '@mui/icons-material/RequestQuote';

export const icon = RequestQuote;
// The lists come with the app (routing.ts).
export { AcceptedBudgetsPage, ClientBudgetsPage, DraftBudgetsPage, OrderedBudgetsPage } from './BudgetListPages';
export const BudgetCalculusListPage = lazy(() => import('./BudgetCalculusListPage'));
export const PriceTablePage = lazy(() => import('./PriceTablePage'));
export const BudgetSummaryPage = lazy(() => import('./BudgetSummaryPage'));
const calculator = () => import('./CalculatorPages');
export const NewCalculusPage = lazy(() => calculator().then((m) => ({ default: m.NewCalculusPage })));
export const EditCalculusPage = lazy(() => calculator().then((m) => ({ default: m.EditCalculusPage })));
