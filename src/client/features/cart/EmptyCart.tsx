/** A user without a cart (or a cart without lines): says so and points to the product lists. */
import { Paper, Typography } from '@mui/material';
import { AddProductsBar } from './AddProductsBar';

export function EmptyCart({ clientId, orderId }: { clientId?: number | null; orderId?: number | null }) {
  return (
    <Paper component="section" aria-label="Carrito vacío" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        El carrito está vacío
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {orderId
          ? 'Añada productos desde la lista de artículos, la de enrolladores o la calculadora de cobertores.'
          : 'Añada productos desde la lista de artículos o la de enrolladores.'}
      </Typography>
      <AddProductsBar clientId={clientId} orderId={orderId} />
    </Paper>
  );
}
