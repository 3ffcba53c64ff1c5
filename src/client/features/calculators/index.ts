import { lazy } from 'react';
import Calculate from '@mui/icons-material/Calculate';

export const icon = Calculate;
const pages = () => import('./CalculatorPages');
/** /calculator/index/{order_id}: a cover into that cart. */
export const OrderCalculatorPage = lazy(() => pages().then((m) => ({ default: m.OrderCalculatorPage })));
/** /client-calculator/{client_id}/index (staff): a cover into their cart for that client. */
export const ClientCalculatorPage = lazy(() => pages().then((m) => ({ default: m.ClientCalculatorPage })));
/** /internal-calculator/index (staff): base prices, or a client's prices and cart once one is chosen. */
export const InternalCalculatorPage = lazy(() => pages().then((m) => ({ default: m.InternalCalculatorPage })));
/** /internal-client-calculator/client/internal-cart (members): a cover into the member's own cart. */
export const MemberCalculatorPage = lazy(() => pages().then((m) => ({ default: m.MemberCalculatorPage })));
/** /edit-calculator/index/{order_calculus_id}: a calculation of a cart, and its data sheets. */
export const EditCalculatorPage = lazy(() => pages().then((m) => ({ default: m.EditCalculatorPage })));
