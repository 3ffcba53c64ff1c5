/**
 * /bar-code/{code} (docs/screens.md "Public routes"; docs/business-rules.md): what a scanned label leads to. Anyone sees the
 * item (product, reference, quantity), its order's number, state and delivery date, and every
 * production step with when it was done, the next one highlighted — nothing personal. Signed-in staff
 * (office and workshop) also see who did each step (the server sends names to them only) and mark the next one done; for a
 * made-to-measure cover they see its pool drawn to scale with its measures, to cut from (also sent to staff only). An unknown code
 * shows the server's message.
 */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, Chip, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoneIcon from '@mui/icons-material/Done';
import { formatDateTime, formatMetres } from '../../../shared/format';
import { hasAnyRole } from '../../../shared/permissions';
import { STAFF } from '../../../shared/roles';
import { Logo } from '../../components/Logo';
import { POOL_DRAWING_CAPTION, PoolDrawing } from '../../components/PoolDrawing';
import { useSession } from '../../providers/useSession';
import { useApiQuery } from '../../providers/query';
import { orderPaths } from '../../paths/orders';
import { getBarcode, markNextStep, type BarcodeView } from '../../common/traceabilityApi';
import { useCheckInBeforeMark } from './CheckInBeforeMark';

/** dd/MM/yyyy of a calendar day sent as yyyy-MM-dd[ HH:mm:ss], whatever the browser's time zone. */
export function calendarDay(value: string | null | undefined) {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

const messageOf = (error: unknown) => (error instanceof Error && error.message) || 'No se ha podido consultar el código';

/** A scanned code's query key. */
const barcodeKey = (code: string) => ['barcode', code] as const;

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'found'; view: BarcodeView };

export default function BarCodePage() {
  const code = useParams().code ?? '';
  const session = useSession();
  const isAdmin = !!session?.roles.includes('admin');
  const isStaff = !!session && hasAnyRole(session.roles, STAFF);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const barcode = useApiQuery(barcodeKey(code), () => getBarcode(code));
  const state: State = barcode.isError ? { kind: 'failed', message: messageOf(barcode.error) }
    : barcode.data ? { kind: 'found', view: barcode.data }
      : { kind: 'loading' };

  // A worker not clocked in is asked first (CheckInBeforeMark.tsx); `checkIn` then clocks in with the mark.
  const { confirmMark, dialog: checkInDialog } = useCheckInBeforeMark();
  const markNext = async (checkIn = false) => {
    const stepId = barcode.data?.next_step_id;
    if (!stepId) return;
    setBusy(true);
    try {
      queryClient.setQueryData(barcodeKey(code), await markNextStep(code, stepId, { checkIn }));
    } catch {
      // Notified by the HTTP layer; the page shows the state as it is now (another scan may have marked it).
      await barcode.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        bgcolor: 'grey.100',
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'flex-start',
        p: { xs: 1, sm: 3 },
      }}
    >
      <Paper component="main" sx={{ width: 760, maxWidth: '100%', p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Logo />
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {code}
          </Typography>
        </Box>
        <Typography variant="h5" component="h1" gutterBottom>
          Trazabilidad del artículo
        </Typography>
        {state.kind === 'loading' && <Typography role="status">Cargando</Typography>}
        {state.kind === 'failed' && (
          <Alert severity="error" role="alert" data-testid="barcode-error">
            {state.message}
          </Alert>
        )}
        {state.kind === 'found' && (
          <ItemState view={state.view} isAdmin={isAdmin} isStaff={isStaff} busy={busy} onMarkNext={() => confirmMark(markNext)} />
        )}
        {checkInDialog}
      </Paper>
    </Box>
  );
}

function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">{term}</Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0 }} data-testid={testId}>{children}</Typography>
    </Box>
  );
}

const facts = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.5, m: 0, mb: 2 };

/**
 * The item, its order and its steps with the next one's button. «Escanear» shows it `large`: the product and
 * the button first, the button big enough for gloved hands, then the rest.
 */
export function ItemState({
  view,
  isAdmin,
  isStaff,
  busy,
  onMarkNext,
  large = false,
}: {
  view: BarcodeView;
  isAdmin: boolean;
  isStaff: boolean;
  busy: boolean;
  onMarkNext: () => void;
  large?: boolean;
}) {
  const next = view.steps.find((s) => s.id === view.next_step_id) ?? null;
  const markButton = isStaff && next && (
    <Button
      variant="contained"
      startIcon={<DoneIcon />}
      onClick={onMarkNext}
      disabled={busy}
      size={large ? 'large' : 'medium'}
      fullWidth={large}
      sx={large ? { my: 2, py: 2, fontSize: '1.25rem' } : { mt: 2 }}
    >
      Marcar «{next.name}» como hecho
    </Button>
  );
  return (
    <>
      {large && (
        <>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {view.product_name}
          </Typography>
          <Typography variant="body1">
            Pedido {view.order.id} · {next ? `siguiente paso: ${next.name}` : 'todos los pasos están hechos'}
          </Typography>
          {markButton}
        </>
      )}
      <Box component="section" aria-label="Artículo">
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Artículo
        </Typography>
        <Box component="dl" sx={facts}>
          <Fact term="Producto" testId="barcode-product">
            {view.product_name}
          </Fact>
          <Fact term="Referencia">{view.reference ?? '—'}</Fact>
          <Fact term="Cantidad">{view.quantity}</Fact>
          <Fact term="Código">{view.barcode}</Fact>
        </Box>
      </Box>
      {view.pool && <PoolSection pool={view.pool} />}
      <Box component="section" aria-label="Pedido">
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Pedido
        </Typography>
        <Box component="dl" sx={facts}>
          <Fact term="Nº de pedido">
            {isAdmin ? (
              <Link component={RouterLink} to={orderPaths.details(view.order.id)}>
                {view.order.id}
              </Link>
            ) : (
              view.order.id
            )}
          </Fact>
          <Fact term="Estado" testId="barcode-order-state">
            {view.order.state}
          </Fact>
          <Fact term="Fecha de entrega">{calendarDay(view.order.delivery_date) || 'Sin fecha todavía'}</Fact>
        </Box>
      </Box>
      <Box component="section" aria-label="Pasos de producción">
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Pasos de producción
        </Typography>
        {view.steps.length === 0 ? (
          <Typography sx={{ my: 1 }}>No hay pasos de producción configurados.</Typography>
        ) : (
          <StepsTable view={view} showWorkers={isStaff} />
        )}
        {view.steps.length > 0 && !next && (
          <Alert severity="success" icon={<CheckCircleIcon />} sx={{ mt: 2 }} data-testid="steps-all-done">
            Todos los pasos están hechos
          </Alert>
        )}
        {!large && markButton}
      </Box>
    </>
  );
}

/** A cover's pool as the workshop cuts it: drawn to scale (read-only) and each measure in words. */
function PoolSection({ pool }: { pool: NonNullable<BarcodeView['pool']> }) {
  const { a, b, c, d, e, stairwell, rounded_corners: rounded, extra_distance: overlap } = pool;
  const stair = stairwell && c !== null && d !== null
    ? `${formatMetres(c)} × ${formatMetres(d)}${e === null ? '' : `, a ${formatMetres(e)} de la esquina (E)`}`
    : stairwell ? 'Sí, sin sus medidas' : 'No';
  return (
    <Box component="section" aria-label="Piscina" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Piscina
      </Typography>
      <Box component="figure" sx={{ m: 0, mb: 1, maxWidth: 480, minWidth: 0 }}>
        <PoolDrawing measures={pool} />
        <Typography component="figcaption" variant="caption" color="text.secondary">{POOL_DRAWING_CAPTION}</Typography>
      </Box>
      <Box component="dl" sx={facts}>
        <Fact term="Largo (A)">{formatMetres(a)}</Fact>
        <Fact term="Ancho (B)">{formatMetres(b)}</Fact>
        <Fact term="Solape">{formatMetres(overlap)}</Fact>
        <Fact term="Escalera (C × D)">{stair}</Fact>
        <Fact term="Esquinas">{rounded ? 'Redondeadas' : 'Rectas'}</Fact>
      </Box>
    </Box>
  );
}

/** On a phone the «Nº» column gives its room to the others (the rows are in order anyway). */
const numberCell = { display: { xs: 'none', sm: 'table-cell' } };

function StepsTable({ view, showWorkers }: { view: BarcodeView; showWorkers: boolean }) {
  return (
    <Table size="small" aria-label="Pasos" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
      <TableHead>
        <TableRow>
          <TableCell sx={numberCell}>Nº</TableCell><TableCell>Paso</TableCell><TableCell>Hecho el</TableCell>
          {showWorkers && <TableCell>Por</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {view.steps.map((step, index) => {
          const isNext = step.id === view.next_step_id;
          return (
            <TableRow key={step.id} selected={isNext} aria-current={isNext ? 'step' : undefined} data-testid={`step-${index + 1}`}
              sx={isNext ? { '& td': { fontWeight: 600 } } : undefined}>
              <TableCell sx={numberCell}>{index + 1}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                  {step.done_at && <CheckCircleIcon color="success" fontSize="small" titleAccess="Hecho" />}
                  <span>{step.name}</span>
                  {isNext && <Chip size="small" color="primary" label="Siguiente" />}
                </Box>
              </TableCell>
              <TableCell>{step.done_at ? formatDateTime(step.done_at) : 'Pendiente'}</TableCell>
              {/* A name wraps between its words, never inside one («Jorg» / «e» on a phone). */}
              {showWorkers && <TableCell sx={{ overflowWrap: 'normal' }}>{step.done_by ?? (step.done_at ? '—' : '')}</TableCell>}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
