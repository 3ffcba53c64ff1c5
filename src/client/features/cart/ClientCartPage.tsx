/**
 * /order-cart/client/{client_id} (docs/screens.md, staff): their cart for that client. Their current cart when
 * it is that client's; else an empty cart whose product lists add for that client (a new cart).
 */
import { useParams } from 'react-router-dom';
import { Box } from '@mui/material';
import { PageLoading } from '../../components/PageLoading';
import { draftCartOf } from '../../providers/session';
import { useSession } from '../../providers/useSession';
import { CartHeader } from './CartHeader';
import { CartView } from './CartView';
import { EmptyCart } from './EmptyCart';
import { useCartOrder } from './useCartOrder';
import { useClientName } from './useClientName';

export default function ClientCartPage() {
  const clientId = Number(useParams().client_id) || 0;
  const session = useSession();
  const current = session ? draftCartOf(session) : null;
  const cart = useCartOrder(current);
  const name = useClientName(clientId);

  if (!session || (current && !cart.order && !cart.failed)) return <PageLoading />;
  if (cart.order && cart.order.client_id === clientId) return <CartView order={cart.order} isAdmin onChanged={cart.show} />;
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <CartHeader title="Carrito" client={name} />
      <EmptyCart clientId={clientId} />
    </Box>
  );
}
