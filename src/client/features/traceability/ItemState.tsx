/**
 * An item as a scanned label shows it (/bar-code/{code} and «Escanear»): the item, its order, its steps with
 * the next one's button and, for a made-to-measure cover, its pool drawn to scale. The drawing's code comes
 * when a cover is shown (PoolSection.tsx): «Escanear» opens on a phone without it (issue 46).
 */
import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoneIcon from '@mui/icons-material/Done';
import { formatDateTime } from '../../../shared/format';
import { lazyPage } from '../../lazyPage';
import { orderPaths } from '../../paths/orders';
import { getBarcode, type BarcodeView } from '../../common/traceabilityApi';
import { calendarDay, Fact, facts } from './facts';

type Pool = NonNullable<BarcodeView['pool']>;

const PoolSection = lazyPage<{ pool: Pool }>(() => import('./PoolSection'));

/**
 * A scanned code's item, once what it shows beyond the first screen's code (a cover's drawing) is here too:
 * shown then, the drawing does not push the order and the steps down a moment later. Without the drawing's
 * script (refused) the rest of the item still shows.
 */
export async function readItem(code: string): Promise<BarcodeView> {
  const view = await getBarcode(code);
  if (view.pool) await PoolSection.preload().catch(() => undefined);
  return view;
}

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
      {view.pool && (
        <Suspense fallback={null}>
          <PoolSection pool={view.pool} />
        </Suspense>
      )}
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

/**
 * MUI's small primary Chip as it looks, drawn here: the Chip's code came with «Escanear»'s first screen, and with
 * it on every page's (issue 46).
 */
const nextStepLabel = {
  display: 'inline-flex', alignItems: 'center', height: 24, px: 1, borderRadius: 4, bgcolor: 'primary.main',
  color: 'primary.contrastText', typography: 'body2', fontSize: '0.8125rem', whiteSpace: 'nowrap',
} as const;

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
                  {isNext && <Box component="span" sx={nextStepLabel}>Siguiente</Box>}
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
