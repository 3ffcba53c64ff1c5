/**
 * The cart's lines: product, reference, quantity (min 1, step 1, saved line by line), unit price
 * without and with VAT, amount without VAT, and the way to remove it. A line of a cover calculation
 * stands for the calculation: its quantity is the calculation's and removing it removes them all.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, IconButton, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { formatEuros } from '../../../shared/format';
import { fieldErrorsOf } from '../../providers/http';
import type { OrderDetails, OrderLine } from '../../../shared/orderViews';
import { changeLineQuantity, removeCartLine } from './cartApi';
import { cartChecks } from './cartChecksOnDemand';
import { cartPaths } from '../../paths/cart';
import { ActionsHeaderCell } from '../../components/ActionsHeaderCell';
import { NumberField } from '../../components/NumberField';
import { stackedOnPhone } from '../../components/stackedOnPhone';

export function CartLinesTable({ order, onChanged }: { order: OrderDetails; onChanged(order: OrderDetails): void }) {
  const [busy, setBusy] = useState<number | null>(null);
  const remove = async (line: OrderLine) => {
    setBusy(line.id);
    await removeCartLine(line.id).then(onChanged, () => undefined);
    setBusy(null);
  };
  return (
    <Paper component="section" aria-label="Líneas del carrito" sx={{ 'mb': 2, 'overflowX': 'auto', '& .money': { whiteSpace: 'nowrap' } }}>
      <Table size="small" aria-label="Líneas del pedido" sx={stackedOnPhone}>
        <TableHead>
          <TableRow>
            <TableCell>Producto</TableCell>
            <TableCell>Referencia</TableCell>
            <TableCell>Cantidad</TableCell>
            <TableCell align="right" className="money">
              Precio sin IVA
            </TableCell>
            <TableCell align="right" className="money">
              Precio con IVA
            </TableCell>
            <TableCell align="right" className="money">
              Importe
            </TableCell>
            <ActionsHeaderCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {order.order_items.map((line) => (
            <TableRow key={line.id} data-testid="cart-line">
              <TableCell>
                {line.product_name}
                {line.unsellable && (
                  <Typography variant="body2" color="warning.dark" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}>
                    <WarningIcon fontSize="small" />
                    Ya no se puede vender: {line.unsellable}
                  </Typography>
                )}
                {line.order_calculus_id && (
                  <Typography variant="body2" component="span" sx={{ display: 'block' }}>
                    <Link component={RouterLink} to={cartPaths.editCalculation(line.order_calculus_id)}>
                      Editar cálculo
                    </Link>
                  </Typography>
                )}
              </TableCell>
              <TableCell data-label="Referencia">{line.item_reference ?? line.reel_reference ?? ''}</TableCell>
              <TableCell data-label="Cantidad">
                <LineQuantity line={line} disabled={busy !== null} onChanged={onChanged} />
              </TableCell>
              <TableCell align="right" className="money" data-label="Sin IVA">
                {formatEuros(line.vat_exclusive_item_price)}
              </TableCell>
              <TableCell align="right" className="money" data-label="Con IVA">
                {formatEuros(line.item_price)}
              </TableCell>
              <TableCell align="right" className="money" data-label="Importe" data-testid="cart-line-amount">
                {formatEuros(line.amount)}
              </TableCell>
              <TableCell align="right">
                <span title={line.order_calculus_id ? 'Quitar el cálculo completo' : 'Quitar línea'}>
                  <IconButton
                    size="small"
                    aria-label={`Quitar ${line.product_name}`}
                    disabled={busy !== null}
                    onClick={() => remove(line)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** A line's quantity, checked with the server's own rule and saved with its button. */
function LineQuantity({ line, disabled, onChanged }: { line: OrderLine; disabled: boolean; onChanged(order: OrderDetails): void }) {
  const [value, setValue] = useState(String(line.quantity_purchased));
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  // A quantity the server answered anew replaces the text (React's way to adjust state to a changed prop).
  const [lastQuantity, setLastQuantity] = useState(line.quantity_purchased);
  if (line.quantity_purchased !== lastQuantity) {
    setLastQuantity(line.quantity_purchased);
    setValue(String(line.quantity_purchased));
    setError(undefined);
  }

  const save = async () => {
    const checks = await cartChecks();
    if (!checks) return;
    const checked = checks.checkQuantity(value);
    if (!checked.ok) return setError(checked.message);
    setSaving(true);
    try {
      onChanged(await changeLineQuantity(line.id, checked.quantity));
    } catch (failure) {
      setError(fieldErrorsOf(failure)?.quantity);
    }
    setSaving(false);
  };

  return (
    <Box
      component="form"
      noValidate
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <NumberField
        whole
        size="small"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(undefined);
        }}
        error={!!error}
        helperText={error}
        sx={{ width: 110 }}
        htmlInput={{ 'aria-label': `Cantidad de ${line.product_name}` }}
      />
      <span title="Guardar cantidad">
        <IconButton
          type="submit"
          size="small"
          sx={{ mt: 1 }}
          aria-label={`Guardar cantidad de ${line.product_name}`}
          disabled={disabled || saving || value === String(line.quantity_purchased)}
        >
          <SaveIcon fontSize="small" />
        </IconButton>
      </span>
    </Box>
  );
}
