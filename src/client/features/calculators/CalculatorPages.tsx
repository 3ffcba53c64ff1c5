/**
 * The cover calculators (docs/screens.md "Calculators", "Client-member routes"): one screen in five places.
 * The pool (the budget's inputs) → "Calcular" → every cover of that type priced "sin IVA" for the
 * right client → one chosen (type 1: a cover × reinforcement option), quantity and remark → into a
 * cart (createWithOrderCalculus), then the cart. The edit calculator changes a stored calculation
 * (orderCalculus/update) and keeps its data sheets.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  Alert, Box, Button, Chip, FormHelperText, Paper, Radio, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import CalculateIcon from '@mui/icons-material/Calculate';
import { Form, Loading, useGetOne } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { calculationFields, calculationForm, poolForm } from '../../../shared/forms/order';
import { quantity as quantityRule } from '../../../shared/forms/budget';
import { Code } from '../../../shared/codes';
import { OrderStatus } from '../../../shared/orders';
import { formatDecimal } from '../../../shared/format';
import { fieldErrors } from '../../../shared/validation';
import { zodValidate } from '../../components/zodForm';
import { usePoolLimits, withPoolSides } from '../../common/poolLimits';
import { DURATION, notify } from '../../providers/events';
import { ApiRejection, fieldErrorsOf } from '../../providers/http';
import { useApiQuery } from '../../providers/query';
import {
  createWithOrderCalculus, getCalculation, getPrices, updateCalculation,
  type CartTarget, type Calculation, type CoverOption, type Pool, type PriceTarget, type CalculatorPrices, type EditableCalculation,
} from './calculatorApi';
import { DataSheetsSection } from './DataSheetsSection';
import { budgetField, PoolInputs } from '../../common/PoolInputs';
import { FieldInput } from '../../resources/generated/FieldInput';
import type { FieldDef } from '../../../shared/resource';
import { calculatorPaths } from '../../paths/calculators';
import { ActionsHeaderCell } from '../../components/ActionsHeaderCell';
import { NumberField } from '../../components/NumberField';
import { stackedOnPhone } from '../../components/stackedOnPhone';

const validatePool = zodValidate(poolForm);

/** The covers on a phone: one block each, the radio beside the cover's name and its figures below (never wider than the screen). */
const COVERS_ON_PHONE = [stackedOnPhone, {
  '@media (max-width: 599.95px)': {
    '& tbody td:first-of-type': { flexBasis: 'auto', fontWeight: 'normal' },
    '& tbody td:nth-of-type(2)': { flexBasis: 'calc(100% - 64px)', fontWeight: 500 },
  },
}];

/** The client whose prices and cart the internal calculator uses: optional. */
const clientField: FieldDef = { ...budgetField('client_id'), helperText: 'Opcional: sin cliente se muestran los precios base' };
const optionKey = (o: Pick<CoverOption, 'pool_cover_id' | 'reinforcement_type_id'>) => `${o.pool_cover_id}-${o.reinforcement_type_id ?? 0}`;
const optionName = (o: CoverOption) => `${o.cover_name}${o.reinforcement_name ? ` · ${o.reinforcement_name}` : ''}`;

/** The pool as poolForm reads it (numbers, nulls), or null while the form is not valid. */
function poolOf(values: Record<string, unknown>): Pool | null {
  const parsed = poolForm.safeParse(values);
  return parsed.success ? (parsed.data as Pool) : null;
}

/** A pool (and client) as a comparable key: prices shown for another one are stale. */
const keyOf = (pool: Pool | null, clientId?: number | null) => (pool ? JSON.stringify([pool, clientId ?? null]) : null);

/** Silent calls carry their refusal here: shown once, as the HTTP layer would have. */
function notifyFailure(error: unknown) {
  const message = (error as Error)?.message;
  if (message)
    notify(error instanceof ApiRejection && error.envelope.code === Code.error ? 'error' : 'warning', message, DURATION.response);
}

// ---------------------------------------------------------------- the five routes

export function OrderCalculatorPage() {
  const orderId = Number(useParams().order_id) || 0;
  if (!orderId) return <Missing />;
  return (
    <Calculator
      key={orderId}
      title={`Añadir cobertor al pedido nº ${orderId}`}
      priceTarget={{ order_id: orderId }}
      cartTarget={{ id: orderId }}
      back={{ to: calculatorPaths.orderCart(orderId), label: 'Volver al carrito' }}
    />
  );
}

export function ClientCalculatorPage() {
  const clientId = Number(useParams().client_id) || 0;
  const { data: client } = useGetOne('client', { id: clientId }, { enabled: clientId > 0 });
  if (!clientId) return <Missing />;
  return (
    <Calculator
      key={clientId}
      title={`Calculadora para ${client?.name ?? `el cliente nº ${clientId}`}`}
      priceTarget={{ client_id: clientId }}
      cartTarget={{ client_id: clientId }}
    />
  );
}

export function MemberCalculatorPage() {
  return (
    <Calculator
      title="Calculadora de cobertores"
      subtitle="El cobertor elegido se añade a su carrito actual."
      priceTarget={{}}
      cartTarget={{}}
    />
  );
}

/** Staff: base prices; once a client is chosen, that client's prices and cart. */
export function InternalCalculatorPage() {
  return (
    <Calculator
      title="Calculadora interna"
      subtitle="Sin cliente, solo calcula precios base. Elija un cliente para añadir el cobertor a su carrito."
      clientPicker
    />
  );
}

export function EditCalculatorPage() {
  const calculusId = Number(useParams().order_calculus_id) || 0;
  const stored = useApiQuery(['orderCalculus', calculusId], () => getCalculation(calculusId), !!calculusId);
  // The form starts from the calculation once: only a fresh answer opens it, never a cached one being read again.
  const calculation = stored.isFetching ? null : stored.data ?? null;
  const failed = stored.isError && !stored.isFetching ? (stored.error as Error)?.message || 'No se ha podido cargar el cálculo' : null;
  if (!calculusId) return <Missing />;
  if (failed) return <Typography sx={{ p: 2 }} role="alert">No se ha podido cargar el cálculo: {failed}</Typography>;
  if (!calculation) return <Loading />;
  return (
    <Box sx={{ maxWidth: 1100, mt: 1 }}>
      <Calculator key={calculation.id} title={`Editar cálculo nº ${calculation.id}`} subtitle={`Pedido nº ${calculation.order_id}`}
        priceTarget={{ order_id: calculation.order_id }} stored={calculation}
        back={{ to: calculatorPaths.orderCart(calculation.order_id), label: 'Volver al carrito' }} />
      <DataSheetsSection orderCalculusId={calculation.id} />
    </Box>
  );
}

const Missing = () => <Typography sx={{ p: 2 }} role="alert">La dirección no es válida.</Typography>;

// ---------------------------------------------------------------- the screen

interface CalculatorProps {
  title: string;
  subtitle?: string;
  /** Whose prices; the internal calculator takes its chosen client instead. */
  priceTarget?: PriceTarget;
  /** Where "Añadir al pedido" puts the calculation; none (internal calculator without client): prices only. */
  cartTarget?: CartTarget;
  /** The internal calculator's optional client. */
  clientPicker?: boolean;
  /** The edit calculator's calculation: "Guardar" updates it. */
  stored?: EditableCalculation;
  back?: { to: string; label: string };
}

interface Computed { key: string; pool: Pool; clientId: number | null; prices: CalculatorPrices }

const EMPTY_POOL = {
  pool_subcategory_id: null,
  pool_cover_type_id: null,
  a: '',
  b: '',
  c: '',
  d: '',
  e: '',
  rounded_corners: false,
  stairwell: false,
  extra_distance: '',
  client_id: null,
};

function Calculator({ title, subtitle, priceTarget = {}, cartTarget, clientPicker = false, stored, back }: CalculatorProps) {
  const navigate = useNavigate();
  const [computed, setComputed] = useState<Computed | null>(null);
  const [pending, setPending] = useState(false);
  const [chosen, setChosen] = useState<string | null>(stored ? optionKey(stored) : null);
  const [quantity, setQuantity] = useState(String(stored?.quantity ?? 1));
  const [remark, setRemark] = useState(stored?.remark ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const limits = usePoolLimits();
  const editable = !stored || stored.order_status_id === OrderStatus.cart;
  const record = useMemo(
    () => (stored ? { ...EMPTY_POOL, ...stored, c: stored.c ?? '', d: stored.d ?? '', e: stored.e ?? '' } : EMPTY_POOL),
    [stored],
  );

  const targetFor = useCallback(
    (clientId: number | null): PriceTarget => (clientPicker ? (clientId ? { client_id: clientId } : {}) : priceTarget),
    [clientPicker, priceTarget],
  );

  const compute = useCallback(async (pool: Pool, clientId: number | null) => {
    setPending(true);
    try {
      const prices = await getPrices(pool, targetFor(clientId));
      setComputed({ key: keyOf(pool, clientId)!, pool, clientId, prices });
      setErrors({});
      return undefined;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (!fields) notifyFailure(error);
      return fields;
    } finally {
      setPending(false);
    }
  }, [targetFor]);

  // The edit calculator shows the stored calculation's prices at once, its option chosen.
  const first = useRef(true);
  useEffect(() => {
    if (!stored || !first.current) return;
    first.current = false;
    const pool = poolOf(record);
    // The stored calculation is priced once on opening, as the form's own "Calcular" would.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (pool) void compute(pool, null);
  }, [stored, record, compute]);

  const submit = async (values: Record<string, unknown>) => {
    const pool = poolOf(values);
    if (!pool) return undefined;
    return compute(pool, clientPicker ? Number(values.client_id) || null : null);
  };

  const target: CartTarget | undefined = clientPicker ? (computed?.clientId ? { client_id: computed.clientId } : undefined) : cartTarget;
  const options = computed?.prices.options ?? [];
  const selected = options.find((o) => optionKey(o) === chosen) ?? null;
  const quantityCheck = quantityRule.safeParse(quantity);
  const quantityError = errors.quantity || (quantityCheck.success ? undefined : quantityCheck.error.issues[0]?.message);
  // The remark is checked as it is typed too: its message shows with the quantity's, not only once the quantity is right.
  const remarkCheck = calculationFields.shape.remark.safeParse(remark);
  const remarkError = errors.remark || (remarkCheck.success ? undefined : remarkCheck.error.issues[0]?.message);

  const save = async () => {
    if (!computed) return;
    const body = {
      ...computed.pool,
      pool_cover_id: selected?.pool_cover_id ?? null,
      reinforcement_type_id: selected?.reinforcement_type_id ?? null,
      quantity,
      remark,
    };
    const checked = calculationForm.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const calculation = checked.data as Calculation;
      const done = stored ? await updateCalculation(stored.id, calculation) : await createWithOrderCalculus(target!, calculation);
      navigate(calculatorPaths.orderCart(done.order_id));
    } catch (error) {
      // The HTTP layer has notified the refusal; field errors also show where they belong.
      setErrors(fieldErrorsOf(error) ?? {});
      setSaving(false);
    }
  };

  const canSave = !!computed && (stored ? editable : !!target);
  const stale = useCallback(() => setComputed(null), []);

  return (
    <Box sx={{ maxWidth: 1100, mt: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Box>
        {back && (
          <Button component={RouterLink} to={back.to}>
            {back.label}
          </Button>
        )}
      </Box>
      {!editable && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          El pedido ya está terminado: no se puede cambiar su contenido
        </Alert>
      )}
      <Paper sx={{ p: 2, mb: 2 }} component="section" aria-label="Medidas de la piscina">
        <Form noValidate record={record} onSubmit={submit} validate={withPoolSides(validatePool, limits)}>
          <PoolInputs client={clientPicker ? <FieldInput field={clientField} mode="create" /> : undefined} />
          <StaleWatcher computedKey={computed?.key ?? null} clientPicker={clientPicker} onStale={stale} />
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button type="submit" variant="contained" startIcon={<CalculateIcon />} disabled={pending}>
              Calcular
            </Button>
          </Box>
        </Form>
      </Paper>

      {computed && (
        <Paper sx={{ mb: 2 }} component="section" aria-label="Cobertores">
          <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 2 }}>
            Cobertores · ancho del cobertor {formatDecimal(computed.prices.width)} m
          </Typography>
          <Table size="small" aria-label="Precios de los cobertores" sx={COVERS_ON_PHONE}>
            <TableHead>
              <TableRow>
                <ActionsHeaderCell padding="checkbox" label="Elegir" />
                <TableCell>Cobertor</TableCell>
                <TableCell>Refuerzo</TableCell>
                <TableCell align="right">Superficie</TableCell>
                <TableCell align="right">Precio</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {options.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>No hay cobertores disponibles para este tipo</TableCell>
                </TableRow>
              )}
              {options.map((option) => {
                const key = optionKey(option);
                const isChosen = key === chosen;
                return (
                  <TableRow
                    key={key}
                    hover
                    selected={isChosen}
                    data-testid="cover-option"
                    onClick={() => setChosen(key)}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell padding="checkbox">
                      <Radio
                        checked={isChosen}
                        onChange={() => setChosen(key)}
                        value={key}
                        name="cover-option"
                        inputProps={{ 'aria-label': optionName(option) }}
                      />
                    </TableCell>
                    <TableCell>
                      {option.cover_name}
                      {stored && key === optionKey(stored) && <Chip label="Actual" size="small" sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell data-label="Refuerzo">{option.reinforcement_name ?? '—'}</TableCell>
                    <TableCell align="right" data-label="Superficie">
                      {formatDecimal(option.area)} m²
                    </TableCell>
                    <TableCell align="right" data-label="Precio" data-testid="price-label">
                      {option.label}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Box sx={{ px: 2, pb: 2 }}>
            {(errors.pool_cover_id || errors.reinforcement_type_id) && (
              <FormHelperText error>{errors.pool_cover_id || errors.reinforcement_type_id}</FormHelperText>
            )}
            {(target || stored) && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2, alignItems: 'flex-start' }}>
                <NumberField
                  whole
                  label="Cantidad"
                  size="small"
                  value={quantity}
                  onChange={(e) => {
                    setQuantity(e.target.value);
                    setErrors((x) => ({ ...x, quantity: '' }));
                  }}
                  error={!!quantityError}
                  helperText={quantityError}
                  sx={{ width: 140 }}
                />
                <TextField
                  label="Observaciones"
                  size="small"
                  value={remark}
                  onChange={(e) => {
                    setRemark(e.target.value);
                    setErrors((x) => ({ ...x, remark: '' }));
                  }}
                  multiline
                  minRows={2}
                  error={!!remarkError}
                  helperText={remarkError}
                  sx={{ flex: '1 1 320px' }}
                />
              </Box>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2, alignItems: 'center' }}>
              {canSave && (
                <Button
                  variant="contained"
                  startIcon={stored ? undefined : <AddShoppingCartIcon />}
                  onClick={save}
                  disabled={saving || !!quantityError || !!remarkError}
                >
                  {stored ? 'Guardar' : 'Añadir al pedido'}
                </Button>
              )}
              {clientPicker && !target && (
                <Typography variant="body2" color="text.secondary">
                  Elija un cliente y pulse «Calcular» para añadir el cobertor a su carrito.
                </Typography>
              )}
            </Box>
          </Box>
        </Paper>
      )}
      {!computed && !pending && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Introduzca las medidas de la piscina y pulse «Calcular» para ver los precios.
        </Typography>
      )}
    </Box>
  );
}

/** Prices shown for another pool (or client) go away as soon as the form changes. */
function StaleWatcher({ computedKey, clientPicker, onStale }: { computedKey: string | null; clientPicker: boolean; onStale: () => void }) {
  const values = useWatch();
  const key = keyOf(poolOf(values), clientPicker ? Number(values.client_id) || null : null);
  useEffect(() => {
    if (computedKey && key !== computedKey) onStale();
  }, [computedKey, key, onStale]);
  return null;
}
