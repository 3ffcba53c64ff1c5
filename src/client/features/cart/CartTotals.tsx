/** The cart's totals (docs/business-rules.md): subtotal without VAT, shipping, VAT with its percentage, total and weight. */
import { Paper, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { formatEuros, formatKilos, formatPercent, formatShipping } from '../../../shared/format';
import type { OrderTotals } from '../../../shared/orderViews';

export function CartTotals({ totals }: { totals: OrderTotals }) {
  const row = (label: string, value: string, testId: string, strong = false) => (
    <TableRow>
      <TableCell component="th" scope="row">{strong ? <strong>{label}</strong> : label}</TableCell>
      <TableCell align="right" data-testid={testId}>{strong ? <strong>{value}</strong> : value}</TableCell>
    </TableRow>
  );
  return (
    <Paper component="section" aria-label="Totales" sx={{ mb: 2, width: { xs: '100%', sm: 360 }, ml: 'auto' }}>
      <Table size="small" aria-label="Totales del pedido">
        <TableBody>
          {row('Subtotal (sin IVA)', formatEuros(totals.subtotal), 'cart-subtotal')}
          {row('Portes', formatShipping(totals.shipping), 'cart-shipping')}
          {row(`IVA (${formatPercent(totals.tax_percentage)})`, formatEuros(totals.vat), 'cart-vat')}
          {row('Total', formatEuros(totals.total), 'cart-total', true)}
          {row('Peso', formatKilos(totals.weight), 'cart-weight')}
        </TableBody>
      </Table>
    </Paper>
  );
}
