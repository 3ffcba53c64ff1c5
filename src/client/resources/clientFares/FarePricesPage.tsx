/**
 * /clientes/clients-fares/{id}: a fare's own prices per kind (covers, reinforcements, reels, articles,
 * and confección: the fare's clients), editable in one screen, and the "apply fare percentage" dialog
 * (to the tab's kind or to the whole fare; percentage required; "Aplicar" waits for the confirmation tick).
 */
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Paper,
  Radio,
  RadioGroup,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import PercentIcon from '@mui/icons-material/Percent';
import { Loading, useGetOne } from 'react-admin';
import { confectionPriceForm, farePercentageForm, farePriceForm } from '../../../shared/forms/fares';
import type { FarePrice } from '../../../shared/catalogueAnswers';
import type { InputOf } from '../../../shared/contracts/contract';
import { fieldErrors } from '../../../shared/validation';
import { editableNumber, formatEuros } from '../../../shared/format';
import { faresContracts } from '../../../shared/contracts/fares';
import { call } from '../../providers/http';
import { useApiQuery } from '../../providers/query';
import { stackedOnPhone } from '../../components/stackedOnPhone';
import { ActionsHeaderCell } from '../../components/ActionsHeaderCell';
import { NumberField } from '../../components/NumberField';

/** Tabs: price kind (getFarePrices/setFarePrice) and the changeCustomPriceTo… suffix of its percentage. */
const KINDS = [
  { kind: 'poolCover', label: 'Cobertores (€/m²)', endpoint: 'PoolCover', percentage: faresContracts.percentageToPoolCover },
  { kind: 'reinforcementType', label: 'Refuerzos (€/m²)', endpoint: 'Reinforcement', percentage: faresContracts.percentageToReinforcement },
  { kind: 'reelDiameter', label: 'Enrolladores', endpoint: 'ReelDiameter', percentage: faresContracts.percentageToReelDiameter },
  { kind: 'itemPropertyValue', label: 'Artículos', endpoint: 'Article', percentage: faresContracts.percentageToArticle },
  { kind: 'client', label: 'Confección', endpoint: 'Client', percentage: faresContracts.percentageToConfection },
] as const;

type Kind = (typeof KINDS)[number];
/** Confección lists the fare's clients: each one's price is whole euros and always set. */
const isConfection = (kind: Kind): kind is Extract<Kind, { kind: 'client' }> => kind.kind === 'client';
/** The kinds whose prices come from a table of their own, each with its availability tick. */
type TableKind = Exclude<Kind, { kind: 'client' }>['kind'];

/**
 * What the tick of a fare row means: for article variations, whether the fare's clients are offered the
 * variation (spec: fare_hidden); for the other kinds, whether the fare's own price is used instead of
 * the base price (docs/business-rules.md).
 */
const availabilityTitle = (kind: string) => (kind === 'itemPropertyValue' ? 'Visible en la tarifa' : 'Precio de la tarifa activo');

const NO_ROWS: FarePrice[] = [];
/** A fare's prices of one kind; a percentage invalidates them all (`clientFare`). */
const farePricesKey = (fareId: number, kind: string) => ['clientFare', fareId, 'prices', kind];

export default function FarePricesPage() {
  const fareId = Number(useParams().id);
  const { data: fare } = useGetOne('clientFare', { id: fareId }, { enabled: fareId > 0 });
  const [tab, setTab] = useState(0);
  const [applying, setApplying] = useState(false);
  const kind = KINDS[tab];
  const prices = useApiQuery(farePricesKey(fareId, kind.kind), () =>
    call(faresContracts.prices, { params: { id: fareId, kind: kind.kind } }, {}),
  );
  // While (re)reading, the rows are not shown: each row keeps its typed price from the rows it was made with.
  // A refused read shows no rows (already notified).
  const rows = prices.isFetching ? null : prices.isError ? NO_ROWS : prices.data ?? null;

  return (
    <Box sx={{ maxWidth: 1000, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', my: 1 }}>
        <Typography variant="h6" component="h2">
          Precios de la tarifa {fare?.name ?? ''}
        </Typography>
        <Button variant="contained" startIcon={<PercentIcon />} onClick={() => setApplying(true)}>
          Aplicar porcentaje
        </Button>
      </Box>
      <Tabs value={tab} onChange={(_, value) => setTab(value)} variant="scrollable" allowScrollButtonsMobile>
        {KINDS.map((k) => (
          <Tab key={k.kind} label={k.label} />
        ))}
      </Tabs>
      <Paper>
        {!rows ? (
          <Loading />
        ) : (
          <Table size="small" aria-label={kind.label} sx={stackedOnPhone}>
            <TableHead>
              {isConfection(kind) ? (
                <TableRow>
                  <TableCell>Cliente</TableCell>
                  <TableCell align="right">Precio base de confección</TableCell>
                  <TableCell>Precio de confección (€)</TableCell>
                  <ActionsHeaderCell />
                </TableRow>
              ) : (
                <TableRow>
                  <TableCell>Nombre</TableCell>
                  <TableCell align="right">Precio base</TableCell>
                  <TableCell>Precio de la tarifa</TableCell>
                  <TableCell>{availabilityTitle(kind.kind)}</TableCell>
                  <ActionsHeaderCell />
                </TableRow>
              )}
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>{isConfection(kind) ? 'Esta tarifa no tiene clientes' : 'No hay registros'}</TableCell>
                </TableRow>
              )}
              {rows.map((row) =>
                isConfection(kind) ? (
                  <ConfectionPriceRow key={`client-${row.id}`} fareId={fareId} row={row} />
                ) : (
                  <FarePriceRow key={`${kind.kind}-${row.id}`} kind={kind.kind} fareId={fareId} row={row} />
                ),
              )}
            </TableBody>
          </Table>
        )}
      </Paper>
      {applying && <ApplyPercentageDialog fareId={fareId} kind={kind} onClose={() => setApplying(false)} />}
    </Box>
  );
}

type Saver = (values: InputOf<typeof faresContracts.setPrice>['body']) => Promise<string | undefined>;

/** Validates with the same form schema as the server, then saves; answers the field's error, if any. */
function saver(schema: typeof farePriceForm | typeof confectionPriceForm): Saver {
  return async (values) => {
    const checked = schema.safeParse(values);
    if (!checked.success) return fieldErrors(checked.error).custom_price;
    try {
      // The prices the fare's clients see change; not this table, whose row already shows what it saved
      // (read again, it would restart the rows still being typed in).
      await call(faresContracts.setPrice, { body: values }, { changes: ['item', 'reel', 'budget'] });
      return undefined;
    } catch (e) {
      return (e as { body?: { errors?: Record<string, string> } }).body?.errors?.custom_price ?? 'No se ha podido guardar';
    }
  };
}

const saveFarePrice = saver(farePriceForm);
const saveConfectionPrice = saver(confectionPriceForm);

function FarePriceRow({ kind, fareId, row }: { kind: TableKind; fareId: number; row: FarePrice }) {
  const [price, setPrice] = useState(row.custom_price === null ? '' : String(editableNumber(row.custom_price, 2)));
  const [available, setAvailable] = useState(row.fare_available);
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState({ price, available });
  const dirty = price !== saved.price || available !== saved.available;

  const save = async () => {
    const failed = await saveFarePrice({ kind, client_fare_id: fareId, target_id: row.id, custom_price: price, fare_available: available });
    setError(failed);
    if (!failed) setSaved({ price, available });
  };

  return (
    <TableRow>
      <TableCell>{row.name}</TableCell>
      <TableCell align="right" data-label="Precio base">
        {row.base_price == null ? '' : formatEuros(Number(row.base_price))}
      </TableCell>
      <TableCell>
        <NumberField
          size="small"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          placeholder="Precio base"
          error={!!error}
          helperText={error}
          htmlInput={{ 'aria-label': `Precio de la tarifa de ${row.name}` }}
        />
      </TableCell>
      <TableCell>
        <Checkbox
          checked={available}
          onChange={(e) => setAvailable(e.target.checked)}
          inputProps={{ 'aria-label': `Disponible ${row.name}` }}
        />
      </TableCell>
      <TableCell>
        <Button size="small" disabled={!dirty} onClick={save}>
          Guardar
        </Button>
      </TableCell>
    </TableRow>
  );
}

function ConfectionPriceRow({ fareId, row }: { fareId: number; row: FarePrice }) {
  const [price, setPrice] = useState(String(editableNumber(row.custom_price ?? '')));
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(price);

  const save = async () => {
    const failed = await saveConfectionPrice({ kind: 'client', client_fare_id: fareId, target_id: row.id, custom_price: price });
    setError(failed);
    if (!failed) setSaved(price);
  };

  return (
    <TableRow>
      <TableCell>{row.name}</TableCell>
      <TableCell align="right" data-label="Precio base">{row.base_price == null ? '' : formatEuros(Number(row.base_price))}</TableCell>
      <TableCell>
        <NumberField whole size="small" value={price} onChange={(e) => setPrice(e.target.value)} error={!!error} helperText={error}
          htmlInput={{ 'aria-label': `Precio de confección de ${row.name}` }} />
      </TableCell>
      <TableCell><Button size="small" disabled={price === saved} onClick={save}>Guardar</Button></TableCell>
    </TableRow>
  );
}

const WHOLE_FARE = 'ClientFare';

function ApplyPercentageDialog({ fareId, kind, onClose }: { fareId: number; kind: Kind; onClose: () => void }) {
  const [percentage, setPercentage] = useState('');
  const [target, setTarget] = useState<string>(kind.endpoint);
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const wholeFare = target === WHOLE_FARE;

  const apply = async () => {
    const checked = farePercentageForm.safeParse({ percentage, client_fare_id: fareId });
    if (!checked.success) return setError(fieldErrors(checked.error).percentage);
    setBusy(true);
    try {
      // Every kind's prices may have changed (`clientFare`): the tab shown is read again, the others when opened.
      const endpoint = wholeFare ? faresContracts.percentageToWholeFare : kind.percentage;
      await call(endpoint, { body: { percentage, client_fare_id: fareId } }, { changes: ['clientFare', 'item', 'reel', 'budget'] });
      onClose();
    } catch (e) {
      setError((e as { body?: { errors?: Record<string, string> } }).body?.errors?.percentage);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} PaperProps={{ sx: { width: 480, maxWidth: '95vw' } }}>
      <DialogTitle>Aplicar porcentaje</DialogTitle>
      <DialogContent>
        <RadioGroup value={target} onChange={(e) => setTarget(e.target.value)} sx={{ mb: 1 }}>
          <FormControlLabel value={kind.endpoint} control={<Radio />} label={kind.label} />
          <FormControlLabel value={WHOLE_FARE} control={<Radio />} label="Todos los precios de la tarifa" />
        </RadioGroup>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {wholeFare
            ? 'Cada precio de la tarifa pasará a ser su precio base más (o menos) este porcentaje; '
            + 'el de confección de sus clientes, redondeado a euros.'
            : isConfection(kind)
              ? 'El precio de confección de cada cliente de la tarifa pasará a ser el precio base de confección '
              + 'más (o menos) este porcentaje, redondeado a euros.'
              : 'Cada precio de la tarifa pasará a ser el precio base más (o menos) este porcentaje.'}
        </Typography>
        <NumberField
          label="Porcentaje"
          value={percentage}
          onChange={(e) => setPercentage(e.target.value)}
          error={!!error}
          helperText={error}
          fullWidth
          autoFocus
        />
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
          label="Confirmo que quiero cambiar todos estos precios de la tarifa"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" disabled={!confirmed || busy} onClick={apply}>
          Aplicar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
