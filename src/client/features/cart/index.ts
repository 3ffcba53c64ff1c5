import { lazyPage } from '../../lazyPage';
import type { AppRoute } from '../../routing';
import { LIGHT_PAGES } from '../../../shared/lightPages';
import ShoppingBasket from '@mui/icons-material/ShoppingBasket';

export const icon = ShoppingBasket;
export const OrderCartPage = lazyPage(() => import('./OrderCartPage'));
/**
 * The cart (docs/screens.md "Cart and product lists"): reached from the unfinished-cart banner, a budget turned
 * into an order and the product lists; a member also has it in its menu (its current cart). Opened on a phone
 * it draws without react-admin (LightApp.tsx).
 */
export const cartRoute = {
  path: `${LIGHT_PAGES.cart}/:order_id?`,
  title: 'Carrito',
  name: 'OrderCartRoute',
  icon,
  roles: ['admin', 'client'],
  hidden: true,
  component: OrderCartPage,
  menu: { roles: ['client'], to: LIGHT_PAGES.cart, title: 'Mi carrito' },
} satisfies AppRoute;
export const ClientCartPage = lazyPage(() => import('./ClientCartPage'));
