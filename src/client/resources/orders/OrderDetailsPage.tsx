/**
 * An order's details (docs/screens.md /details/{order_id}, docs/data.md order and order item, docs/data.md review states and
 * validation): buyer, shipping and delivery data, the lines with their references, quantities, unit
 * prices without and with VAT, amounts and weights, the totals and total weight, the status history,
 * the tracking code and the PDF. Staff also edit the data, move the review status along the allowed
 * transitions and validate the order; a client member sees the same page read-only.
 */
import { BarcodeLink, PrintLabelsButton, StepsProgress } from '../../common/OrderTraceability';
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  Box, Button, Chip, Link, MenuItem, Paper, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/CheckCircle';
import EditIcon from '@mui/icons-material/Edit';
import PdfIcon from '@mui/icons-material/PictureAsPdf';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { Loading } from 'react-admin';
import { order as orderSchema } from '../../../../schemas/order';
import { validateOrderForm } from '../../../shared/forms/order';
import { OrderStatus, REVIEW_STATUSES, canChangeReview } from '../../../shared/orders';
import { formatEuros, formatNumber, formatShipping } from '../../../shared/format';
import { FoldedText } from '../../components/FoldedText';
import { today } from '../../dates';
import { formatDate, formatDateTime, formatDay } from '../../../shared/format';
import { saveBlob } from '../../providers/files';
import { useApiQuery } from '../../providers/query';
import { fieldErrorsOf } from '../../providers/http';
import { DayPicker } from '../../components/DayInput';
import { zodValidate } from '../../components/zodForm';
import { OrderEditDialog } from './OrderEditDialog';
import { BUYER_FIELDS, SHIP_FIELDS, type OrderDetails, type OrderLine } from '../../../shared/orderViews';
import { changeReviewStatus, fetchOrderDocument, getOrder, validateClientOrder } from './orderApi';
import { orderPaths } from '../../paths/orders';

const decimal = (value: number, places = 2) => formatNumber(Number(value), places);
const kilos = (value: number) => `${decimal(value)} kg`;
/** A buyer, shipping or delivery field's label, as the order schema declares it. */
const label = (name: string) => orderSchema.fields.find((f) => f.name === name)?.label ?? name;

/** An order's details query key: a save elsewhere invalidates it. */
export const orderDetailsKey = (orderId: number) => ['order', orderId, 'details'] as const;

function useOrder(orderId: number) {
  const queryClient = useQueryClient();
  const { data, isError } = useApiQuery(orderDetailsKey(orderId), () => getOrder(orderId), !!orderId);
  return {
    order: data ?? null,
    failed: !orderId || isError,
    /** Shows the order a call answered with (the review status, the validation). */
    setOrder: (order: OrderDetails) => queryClient.setQueryData(orderDetailsKey(orderId), order),
  };
}

export function OrderDetailsView({ readOnly }: { readOnly: boolean }) {
  const params = useParams();
  const orderId = Number(params.order_id) || 0;
  const navigate = useNavigate();
  const { order, failed, setOrder } = useOrder(orderId);
  const [editing, setEditing] = useState(false);

  if (failed) return <Typography sx={{ p: 2 }}>No se ha podido cargar el pedido.</Typography>;
  if (!order || order.id !== orderId) return <Loading />;
  const isCart = order.status_id === OrderStatus.cart;
  const back = readOnly ? orderPaths.clientList : isCart || order.order_review_status_id === 1 ? orderPaths.drafts
    : order.order_review_status_id === 2 ? orderPaths.toReview : orderPaths.reviewed;

  return (
    <Box sx={{ maxWidth: 1200, mt: 1 }} data-testid="order-details">
      <Paper sx={{ p: 2, mb: 2 }} component="section" aria-label="Pedido">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="h6" component="h2">
            Pedido nº {order.id}{order.customer_info ? ` · ${order.customer_info}` : ''}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip label={order.state} color={order.order_review_status_id === 3 ? 'success' : 'default'} data-testid="order-state" />
            {!readOnly && !isCart && <ReviewStatusSelect order={order} onChanged={setOrder} />}
          </Box>
        </Box>
        <Box component="dl" sx={definitionGrid(4)}>
          <Item term="Cliente">{order.client_name ?? '—'}</Item>
          <Item term="Fecha">{formatDate(order.created_at)}</Item>
          <Item term="Terminado">{order.finished_at ? formatDate(order.finished_at) : '—'}</Item>
          <Item term="Fecha de entrega">{formatDay(order.delivery_date) || '—'}</Item>
          <Item term="Código de seguimiento">
            {order.track_code
              ? <Link href={orderPaths.track(order.track_code)} target="_blank" rel="noopener">{order.track_code}</Link>
              : '—'}
          </Item>
          <Item term="Validado">
            <span data-testid="order-validated">{order.is_valid ? `Sí, el ${formatDay(order.validated_date)}` : 'No'}</span>
          </Item>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <DownloadPdfButton orderId={order.id} />
          {!readOnly && !isCart && <PrintLabelsButton orderId={order.id} />}
          {!readOnly && !isCart && <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>Editar datos</Button>}
          {isCart && <Button startIcon={<ShoppingCartIcon />} component={RouterLink} to={orderPaths.cart(order.id)}>Abrir carrito</Button>}
          <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(back)}>Volver al listado</Button>
        </Box>
        {!readOnly && !isCart && !order.is_valid && <ValidateForm orderId={order.id} onValidated={setOrder} />}
      </Paper>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mb: 2 }}>
        <Paper sx={{ p: 2 }} component="section" aria-label="Datos del comprador">
          <Typography variant="subtitle1" component="h3">Comprador</Typography>
          <Box component="dl" sx={definitionGrid(2)}>
            {(['customer_info', ...BUYER_FIELDS] as const).map((name) => <Item key={name} term={label(name)}>{order[name]}</Item>)}
          </Box>
        </Paper>
        <Paper sx={{ p: 2 }} component="section" aria-label="Datos de envío">
          <Typography variant="subtitle1" component="h3">Envío</Typography>
          <Box component="dl" sx={definitionGrid(2)}>
            {SHIP_FIELDS.map((name) => <Item key={name} term={label(name)}>{order[name]}</Item>)}
            <Item term={label('delivery_date')}>{formatDay(order.delivery_date)}</Item>
          </Box>
          <Box component="dl" sx={definitionGrid(1)}>
            <Item term={label('order_remark')}>{order.order_remark ? <FoldedText text={order.order_remark} limit={200} /> : '—'}</Item>
          </Box>
        </Paper>
      </Box>

      <LinesTable order={order} />
      <HistoryTable order={order} />
      {editing && <OrderEditDialog orderId={order.id} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />}
    </Box>
  );
}

const definitionGrid = (columns: number) => ({
  'display': 'grid', 'gridTemplateColumns': { xs: '1fr', md: `repeat(${columns}, 1fr)` }, 'gap': 1, 'm': 0, 'mt': 1,
  '& dt': { fontSize: 12, color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' },
});

function Item({ term, children }: { term: string; children: ReactNode }) {
  return <div><dt>{term}</dt><dd>{children === null || children === undefined || children === '' ? '—' : children}</dd></div>;
}

/** Staff only: the current review status and the changes REVIEW_TRANSITIONS allows from it, nothing else. */
function ReviewStatusSelect({ order, onChanged }: { order: OrderDetails; onChanged: (order: OrderDetails) => void }) {
  const [busy, setBusy] = useState(false);
  const current = order.order_review_status_id;
  const offered = REVIEW_STATUSES.filter((s) => s.value === current || canChangeReview(current, s.value));
  const change = async (to: number) => {
    if (to === current || !canChangeReview(current, to)) return;
    setBusy(true);
    try {
      onChanged(await changeReviewStatus(order.id, to));
    } catch {
      // Refused: notified; the selector keeps the stored status.
    } finally {
      setBusy(false);
    }
  };
  return (
    <TextField select size="small" label="Estado de revisión" value={current ?? ''} disabled={busy} sx={{ minWidth: 220 }}
      onChange={(e) => change(Number(e.target.value))}>
      {offered.map((s) => <MenuItem key={s.value} value={s.value} disabled={s.value === current}>{s.label}</MenuItem>)}
    </TextField>
  );
}

/** "Validar pedido" on a day (dd/MM/yyyy shown, year-month-day sent). */
function ValidateForm({ orderId, onValidated }: { orderId: number; onValidated: (order: OrderDetails) => void }) {
  const [day, setDay] = useState<string | null>(today());
  // What was typed, for the server's rule to read when it is not a day (the picker gives null then).
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const validate = async () => {
    const wrong = zodValidate(validateOrderForm)({ order_id: orderId, validated_date: day ?? typed }).validated_date;
    if (wrong || !day) return setError(wrong);
    setBusy(true);
    try {
      onValidated(await validateClientOrder(orderId, day));
    } catch (failure) {
      setError(fieldErrorsOf(failure)?.validated_date);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="section" aria-label="Validación" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mt: 2 }}>
      <DayPicker label="Fecha de validación" value={day ?? ''} size="small" width={220} error={!!error} helperText={error}
        onChange={(next, raw) => { setDay(next); setTyped(raw); setError(undefined); }} />
      <Button variant="contained" startIcon={<CheckIcon />} onClick={validate} disabled={busy} sx={{ mt: 0.25 }}>Validar pedido</Button>
    </Box>
  );
}

/** Fetched with the session cookie, then handed to the browser as a file. */
function DownloadPdfButton({ orderId }: { orderId: number }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchOrderDocument(orderId), `pedido-${orderId}.pdf`);
    } catch {
      // Notified by the HTTP layer.
    } finally {
      setBusy(false);
    }
  };
  return <Button startIcon={<PdfIcon />} onClick={download} disabled={busy}>Descargar PDF</Button>;
}

const reference = (item: OrderLine) => item.item_reference ?? item.reel_reference ?? '—';

function LinesTable({ order }: { order: OrderDetails }) {
  const { totals } = order;
  const totalRow = (label: string, value: string, testId: string, strong = false) => (
    <TableRow>
      <TableCell colSpan={5} align="right">{strong ? <strong>{label}</strong> : label}</TableCell>
      <TableCell align="right" className="figure" data-testid={testId}>{strong ? <strong>{value}</strong> : value}</TableCell>
      <TableCell colSpan={3} />
    </TableRow>
  );
  return (
    // Amounts and weights on one line ("290,00 €", never "290,00 / €"); the description takes the rest.
    <Paper sx={{ 'mb': 2, 'overflowX': 'auto', '& .figure': { whiteSpace: 'nowrap' } }} component="section" aria-label="Líneas del pedido">
      <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 2 }}>Líneas</Typography>
      <Table size="small" aria-label="Líneas">
        <TableHead>
          <TableRow>
            <TableCell>Referencia</TableCell>
            <TableCell>Descripción</TableCell>
            <TableCell align="right">Cantidad</TableCell>
            <TableCell align="right">Precio sin IVA</TableCell>
            <TableCell align="right">Precio con IVA</TableCell>
            <TableCell align="right">Importe</TableCell>
            <TableCell align="right">Peso</TableCell>
            <TableCell>Código</TableCell>
            <TableCell>Producción</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.order_items.length === 0 && <TableRow><TableCell colSpan={9}>Este pedido no tiene líneas</TableCell></TableRow>}
          {order.order_items.map((item) => (
            <TableRow key={item.id}>
              <TableCell>{reference(item)}</TableCell>
              <TableCell>{item.product_name}</TableCell>
              <TableCell align="right">{item.quantity_purchased}</TableCell>
              <TableCell align="right" className="figure">{formatEuros(item.vat_exclusive_item_price)}</TableCell>
              <TableCell align="right" className="figure">{formatEuros(item.item_price)}</TableCell>
              <TableCell align="right" className="figure">{formatEuros(item.amount)}</TableCell>
              <TableCell align="right" className="figure">{kilos(item.weight_index)}</TableCell>
              <TableCell><BarcodeLink code={item.barcode} /></TableCell>
              <TableCell><StepsProgress done={item.steps_done} total={item.steps_total} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter sx={{ '& td': { color: 'text.primary', fontSize: 14 } }}>
          {totalRow('Subtotal (sin IVA)', formatEuros(totals.subtotal), 'order-subtotal')}
          {totalRow('Portes', formatShipping(totals.shipping), 'order-shipping')}
          {totalRow(`IVA (${decimal(totals.tax_percentage)} %)`, formatEuros(totals.vat), 'order-vat')}
          {totalRow('Total', formatEuros(totals.total), 'order-total', true)}
          {totalRow('Peso total', kilos(totals.weight), 'order-weight')}
        </TableFooter>
      </Table>
    </Paper>
  );
}

function HistoryTable({ order }: { order: OrderDetails }) {
  return (
    <Paper sx={{ mb: 2 }} component="section" aria-label="Historial de estados">
      <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 2 }}>Historial de estados</Typography>
      <Table size="small" aria-label="Historial">
        <TableHead><TableRow><TableCell>Fecha</TableCell><TableCell>Estado</TableCell></TableRow></TableHead>
        <TableBody>
          {order.history.length === 0 && <TableRow><TableCell colSpan={2}>Sin cambios de estado</TableCell></TableRow>}
          {order.history.map((h, i) => (
            <TableRow key={i}><TableCell>{formatDateTime(h.date)}</TableCell><TableCell>{h.state}</TableCell></TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

export const StaffOrderDetailsPage = () => <OrderDetailsView readOnly={false} />;
export const ClientOrderDetailsPage = () => <OrderDetailsView readOnly />;
