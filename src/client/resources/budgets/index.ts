import { lazy } from 'react';
import RequestQuote from '@mui/icons-material/RequestQuote';

export const icon = RequestQuote;
const lists = () => import('./BudgetListPages');
export const ClientBudgetsPage = lazy(() => lists().then((m) => ({ default: m.ClientBudgetsPage })));
export const DraftBudgetsPage = lazy(() => lists().then((m) => ({ default: m.DraftBudgetsPage })));
export const AcceptedBudgetsPage = lazy(() => lists().then((m) => ({ default: m.AcceptedBudgetsPage })));
export const OrderedBudgetsPage = lazy(() => lists().then((m) => ({ default: m.OrderedBudgetsPage })));
export const BudgetCalculusListPage = lazy(() => import('./BudgetCalculusListPage'));
export const PriceTablePage = lazy(() => import('./PriceTablePage'));
export const BudgetSummaryPage = lazy(() => import('./BudgetSummaryPage'));
const calculator = () => import('./CalculatorPages');
export const NewCalculusPage = lazy(() => calculator().then((m) => ({ default: m.NewCalculusPage })));
export const EditCalculusPage = lazy(() => calculator().then((m) => ({ default: m.EditCalculusPage })));
