import { lazyPage } from '../../lazyPage';
import Calculate from '@mui/icons-material/Calculate';

export const icon = Calculate;
const pages = () => import('./CalculatorPages');
/** /calculator/index/{order_id}: a cover into that cart. */
export const OrderCalculatorPage = lazyPage(() => pages().then((m) => ({ default: m.OrderCalculatorPage })));
/** /client-calculator/{client_id}/index (staff): a cover into their cart for that client. */
export const ClientCalculatorPage = lazyPage(() => pages().then((m) => ({ default: m.ClientCalculatorPage })));
/** /internal-calculator/index (staff): base prices, or a client's prices and cart once one is chosen. */
export const InternalCalculatorPage = lazyPage(() => pages().then((m) => ({ default: m.InternalCalculatorPage })));
/** /internal-client-calculator/client/internal-cart (members): a cover into the member's own cart. */
export const MemberCalculatorPage = lazyPage(() => pages().then((m) => ({ default: m.MemberCalculatorPage })));
/** /edit-calculator/index/{order_calculus_id}: a calculation of a cart, and its data sheets. */
export const EditCalculatorPage = lazyPage(() => pages().then((m) => ({ default: m.EditCalculatorPage })));
