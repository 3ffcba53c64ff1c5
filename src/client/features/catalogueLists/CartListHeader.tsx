/** Heading of a product list in its cart variant: for whom (staff) and the way to the cart. */
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import ShoppingBasketIcon from '@mui/icons-material/ShoppingBasket';
import { cartPaths } from '../../paths/cart';
import { useClientName } from '../cart/useClientName';
import type { CartTarget } from './useCartTarget';

export function CartListHeader({ title, target }: { title: string; target: CartTarget }) {
  const client = useClientName(target.clientId);
  const to = target.orderId ? cartPaths.cart(target.orderId) : target.clientId ? cartPaths.clientCart(target.clientId) : cartPaths.cart();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, my: 1, flexWrap: 'wrap' }}>
      <Typography variant="h6" component="h2">{title} · carrito{client ? ` de ${client}` : ''}</Typography>
      <Button startIcon={<ShoppingBasketIcon />} component={RouterLink} to={to}>Ver carrito</Button>
    </Box>
  );
}
