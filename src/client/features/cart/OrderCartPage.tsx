/**
 * OrderCartRoute, /order-cart/{order_id?} (docs/screens.md): the cart with that id, or without id the user's
 * current cart; without one, an empty cart that points to the product lists.
 */
import { useParams } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import { PageLoading } from '../../components/PageLoading';
import { draftCartOf } from '../../providers/session';
import { useRoles, useSession } from '../../providers/useSession';
import { CartHeader } from './CartHeader';
import { CartView } from './CartView';
import { EmptyCart } from './EmptyCart';
import { useCartOrder } from './useCartOrder';

export default function OrderCartPage() {
  const params = useParams();
  // Without an id the cart is the session's current one: the session is then this page's first read.
  const session = useSession({ now: !params.order_id });
  const roles = useRoles();
  const routeId = Number(params.order_id) || null;
  const current = session ? draftCartOf(session) : null;
  const orderId = params.order_id ? routeId : current;
  const cart = useCartOrder(orderId);

  if (!roles || (!params.order_id && !session)) return <PageLoading />;
  const isAdmin = roles.includes('admin');
  if (!orderId && !params.order_id) {
    return (
      <Box sx={{ maxWidth: 1200 }}>
        <CartHeader title="Carrito" />
        <EmptyCart />
      </Box>
    );
  }
  if (!orderId || cart.failed) return <Typography sx={{ p: 2 }}>No se ha podido cargar el carrito.</Typography>;
  if (!cart.order) return <PageLoading />;
  return <CartView order={cart.order} isAdmin={isAdmin} onChanged={cart.show} />;
}
