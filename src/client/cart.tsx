/**
 * cart.html's script: the cart (docs/screens.md "Cart and product lists"), a member's way to an order, drawn on a
 * phone without the back office (LightApp.tsx, issue 46).
 */
import { cartRoute } from './features/cart';
import OrderCartPage from './features/cart/OrderCartPage';
import { startLightPage } from './LightApp';

startLightPage(cartRoute, OrderCartPage);
