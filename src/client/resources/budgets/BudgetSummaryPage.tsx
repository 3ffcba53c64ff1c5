/**
 * /budget-list/summary/{budget_calculus_id}[/{action}]: a calculation's lines and totals (subtotal,
 * shipping («Gratis» when there is none to pay), VAT, total), its remark and attached files, and what can be done with
 * it: the PDF, mailing it, the client details and "Pasar a pedido". The action of the path opens that
 * dialog at once (order, send, client-details); the buttons go through the same paths.
 */
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EmailIcon from '@mui/icons-material/Email';
import PersonIcon from '@mui/icons-material/Person';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { Loading } from 'react-admin';
import { BudgetStatus } from '../../../shared/budgets';
import { formatEuros, formatPercent, formatShipping } from '../../../shared/format';
import type { PoolMeasures } from '../../../shared/poolGeometry';
import { removeLine, updateRemark, type BudgetPrices } from './budgetApi';
import { BudgetHeader } from './BudgetHeader';
import { BudgetToOrderDialog } from './BudgetToOrderDialog';
import { DownloadPdfButton, SendDocumentDialog } from './BudgetDocument';
import { ClientDetailsDialog } from './ClientDetailsDialog';
import { FilesSection } from './FilesSection';
import { SUMMARY_ACTIONS, budgetPaths, canBecomeOrder, isEditable, type SummaryAction } from './paths';
import { useBudget, useBudgetPrices, usePriceTable, useViewer } from './useBudget';
import { stackedOnPhone } from '../../components/stackedOnPhone';
import { ActionsHeaderCell } from '../../components/ActionsHeaderCell';
import { POOL_DRAWING_CAPTION, PoolDrawing } from '../../components/PoolDrawing';

export default function BudgetSummaryPage() {
  const params = useParams();
  const calculusId = Number(params.budget_calculus_id) || 0;
  const action = SUMMARY_ACTIONS.includes(params.action as SummaryAction) ? (params.action as SummaryAction) : null;
  const navigate = useNavigate();
  const { isAdmin, session } = useViewer();
  const table = usePriceTable(calculusId);
  const prices = useBudgetPrices(calculusId);
  const budget = useBudget(table.data?.budget_id ?? null);

  if (table.failed || budget.failed || prices.failed)
    return <Typography sx={{ p: 2 }}>No se ha podido cargar el resumen del presupuesto.</Typography>;
  if (!table.data || !budget.data || !prices.data || !session) return <Loading />;
  const current = budget.data;
  const editable = isEditable(current, isAdmin);
  const orderable = canBecomeOrder(current);
  const open = (next: SummaryAction) => navigate(budgetPaths.summary(calculusId, next));
  const close = () => navigate(budgetPaths.summary(calculusId), { replace: true });
  const remark = current.budget_calculus.find((c) => c.id === calculusId)?.remark ?? '';

  return (
    <Box sx={{ maxWidth: 1100, mt: 1 }}>
      <BudgetHeader budget={current} isAdmin={isAdmin}>
        <DownloadPdfButton budgetId={current.id} calculusId={calculusId} />
        <Button startIcon={<EmailIcon />} onClick={() => open('send')}>
          Enviar por email
        </Button>
        <Button startIcon={<PersonIcon />} onClick={() => open('client-details')}>
          Datos del cliente
        </Button>
        <Tooltip title={orderable ? '' : 'Solo un presupuesto aceptado y en vigor puede pasar a pedido'}>
          <span>
            <Button variant="contained" startIcon={<ShoppingCartIcon />} disabled={!orderable} onClick={() => open('order')}>
              Pasar a pedido
            </Button>
          </span>
        </Tooltip>
        <Button component={RouterLink} to={budgetPaths.priceTable(calculusId)}>
          Tabla de precios
        </Button>
        <Button component={RouterLink} to={budgetPaths.calculusList(current.id)}>
          Volver a los cálculos
        </Button>
      </BudgetHeader>
      {!orderable && (
        <Alert severity={action === 'order' ? 'warning' : 'info'} sx={{ mb: 2 }} data-testid="order-next-step">
          {nextStep(current, isAdmin)}
        </Alert>
      )}
      <LinesTable prices={prices.data} editable={editable} />
      {/* The calculation's own overlap (updateExtraDistance may have changed it from the budget's). */}
      <PoolSection pool={{ ...current, extra_distance: table.data.extra_distance }} />
      <RemarkEditor calculusId={calculusId} initial={remark} />
      <FilesSection kind="attachedFile" ownerId={calculusId} />
      {action === 'order' && orderable && (
        <BudgetToOrderDialog
          budget={current}
          calculusId={calculusId}
          options={table.data.options}
          chosen={prices.data.lines.find((l) => l.kind === 'cover')}
          onClose={close}
        />
      )}
      {action === 'send' && <SendDocumentDialog calculusId={calculusId} buyerEmail={current.buyer_email} onClose={close} />}
      {action === 'client-details' && <ClientDetailsDialog budget={current} isAdmin={isAdmin} onClose={close} />}
    </Box>
  );
}

/** What has to happen before this budget can be an order, in words (the disabled button alone says nothing). */
function nextStep(budget: { budget_status_id: number; is_expired: boolean; order_id: number | null }, isAdmin: boolean) {
  if (budget.budget_status_id === BudgetStatus.ordered) return `Este presupuesto ya se ha pasado a pedido (pedido nº ${budget.order_id}).`;
  if (budget.is_expired)
    return 'Este presupuesto ha caducado: «Rehacer» crea uno nuevo con los precios de hoy, que podrá pasarse a pedido una vez aceptado.';
  return isAdmin
    ? 'Para pasarlo a pedido, el presupuesto debe estar aceptado: cambie su estado a «Aceptado».'
    : 'Siguiente paso: el personal revisará el presupuesto y lo aceptará. Entonces podrá pasarlo a pedido desde aquí.';
}

function LinesTable({ prices, editable }: { prices: BudgetPrices; editable: boolean }) {
  const [busy, setBusy] = useState<number | null>(null);
  const remove = async (id: number) => {
    setBusy(id);
    await removeLine(id).catch(() => undefined);
    setBusy(null);
  };
  const totalRow = (label: string, value: string, testId: string, strong = false) => (
    <TableRow>
      <TableCell colSpan={3} align="right">{strong ? <strong>{label}</strong> : label}</TableCell>
      <TableCell align="right" data-testid={testId}>{strong ? <strong>{value}</strong> : value}</TableCell>
      <TableCell />
    </TableRow>
  );
  return (
    <Paper sx={{ mb: 2 }} component="section" aria-label="Líneas del presupuesto">
      <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 2 }}>
        Líneas
      </Typography>
      <Table size="small" aria-label="Líneas del cálculo" sx={stackedOnPhone}>
        <TableHead>
          <TableRow>
            <TableCell>Descripción</TableCell>
            <TableCell align="right">Cantidad</TableCell>
            <TableCell align="right">Precio unidad</TableCell>
            <TableCell align="right">Importe</TableCell>
            <ActionsHeaderCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {prices.lines.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>Este cálculo no tiene líneas: elija un cobertor en la tabla de precios</TableCell>
            </TableRow>
          )}
          {prices.lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell>{line.description}</TableCell>
              <TableCell align="right" data-label="Cantidad">
                {line.quantity}
              </TableCell>
              <TableCell align="right" data-label="Precio unidad">
                {formatEuros(line.unit_price)}
              </TableCell>
              <TableCell align="right" data-label="Importe">
                {formatEuros(line.item_price)}
              </TableCell>
              <TableCell align="right">
                {editable && (
                  <Tooltip title="Quitar línea">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Quitar ${line.description}`}
                        disabled={busy !== null}
                        onClick={() => remove(line.id)}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter sx={{ '& td': { color: 'text.primary', fontSize: 14 } }}>
          {totalRow('Subtotal (sin IVA)', formatEuros(prices.subtotal), 'summary-subtotal')}
          {totalRow('Portes', formatShipping(prices.shipping), 'summary-shipping')}
          {totalRow(`IVA (${formatPercent(prices.tax_percentage)})`, formatEuros(prices.vat), 'summary-vat')}
          {totalRow('Total', formatEuros(prices.total), 'summary-total', true)}
        </TableFooter>
      </Table>
    </Paper>
  );
}

/** The pool as saved, drawn to scale as the budget form drew it (read-only: no refusals). */
function PoolSection({ pool }: { pool: PoolMeasures }) {
  return (
    <Paper sx={{ mb: 2, p: 2 }} component="section" aria-label="Medidas de la piscina">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Medidas de la piscina
      </Typography>
      <Box component="figure" sx={{ m: 0, maxWidth: 480 }}>
        <PoolDrawing measures={pool} />
        <Typography component="figcaption" variant="caption" color="text.secondary">{POOL_DRAWING_CAPTION}</Typography>
      </Box>
    </Paper>
  );
}

/** The calculation's remark (updateRemark): it can be written whatever the budget's status. */
function RemarkEditor({ calculusId, initial }: { calculusId: number; initial: string }) {
  const [remark, setRemark] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [error, setError] = useState<string>();
  // A remark loaded anew replaces the text (React's way to adjust state to a changed prop).
  const [lastInitial, setLastInitial] = useState(initial);
  if (initial !== lastInitial) {
    setLastInitial(initial);
    setRemark(initial);
    setSaved(initial);
  }
  const save = async () => {
    try {
      await updateRemark(calculusId, remark.trim() ? remark : null);
      setSaved(remark);
      setError(undefined);
    } catch (failure) {
      setError((failure as { body?: { errors?: Record<string, string> } }).body?.errors?.remark);
    }
  };
  return (
    <Paper sx={{ p: 2, mb: 2 }} component="section" aria-label="Observaciones">
      <TextField
        label="Observaciones"
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        error={!!error}
        helperText={error}
      />
      <Button sx={{ mt: 1 }} disabled={remark === saved} onClick={save}>
        Guardar observaciones
      </Button>
    </Paper>
  );
}
