/**
 * /clientes/clients-fares/{id}: a fare's own prices per kind, editable in one screen, and the
 * "apply fare percentage" dialog (percentage required; "Aplicar" waits for the confirmation tick).
 */
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Paper, Tab, Table, TableBody, TableCell,
  TableHead, TableRow, Tabs, TextField, Typography,
} from '@mui/material';
import PercentIcon from '@mui/icons-material/Percent';
import { Loading, useGetOne } from 'react-admin';
import { farePercentageForm, farePriceForm } from '../../../../schemas/clientFare';
import { fieldErrors } from '../../../shared/validation';
import { formatMoney } from '../../dates';
import { api } from '../../providers/http';

const KINDS = [
  { kind: 'poolCover', label: 'Cobertores (€/m²)', endpoint: 'PoolCover' },
  { kind: 'reinforcementType', label: 'Refuerzos (€/m²)', endpoint: 'Reinforcement' },
  { kind: 'reelDiameter', label: 'Enrolladores', endpoint: 'ReelDiameter' },
] as const;

interface FarePrice { id: number; name: string; base_price: number; custom_price: number | null; fare_available: boolean }

export default function FarePricesPage() {
  const fareId = Number(useParams().id);
  const { data: fare } = useGetOne('clientFare', { id: fareId }, { enabled: fareId > 0 });
  const [tab, setTab] = useState(0);
  const [rows, setRows] = useState<FarePrice[] | null>(null);
  const [applying, setApplying] = useState(false);
  const kind = KINDS[tab];

  const load = useCallback(() => {
    setRows(null);
    api<FarePrice[]>(`/api/clientFare/getFarePrices/${fareId}/${kind.kind}`).then(setRows, () => setRows([]));
  }, [fareId, kind.kind]);
  useEffect(load, [load]);

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', my: 1 }}>
        <Typography variant="h6" component="h2">Precios de la tarifa {fare?.name ?? ''}</Typography>
        <Button variant="contained" startIcon={<PercentIcon />} onClick={() => setApplying(true)}>Aplicar porcentaje</Button>
      </Box>
      <Tabs value={tab} onChange={(_, value) => setTab(value)}>
        {KINDS.map((k) => <Tab key={k.kind} label={k.label} />)}
      </Tabs>
      <Paper>
        {!rows ? <Loading /> : (
          <Table size="small" aria-label={kind.label}>
            <TableHead>
              <TableRow><TableCell>Nombre</TableCell><TableCell align="right">Precio base</TableCell><TableCell>Precio de la tarifa</TableCell><TableCell>Disponible</TableCell><TableCell /></TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => <FarePriceRow key={`${kind.kind}-${row.id}`} kind={kind.kind} fareId={fareId} row={row} />)}
            </TableBody>
          </Table>
        )}
      </Paper>
      {applying && <ApplyPercentageDialog fareId={fareId} endpoint={kind.endpoint} label={kind.label} onClose={(changed) => { setApplying(false); if (changed) load(); }} />}
    </Box>
  );
}

function FarePriceRow({ kind, fareId, row }: { kind: string; fareId: number; row: FarePrice }) {
  const [price, setPrice] = useState(row.custom_price === null ? '' : String(row.custom_price));
  const [available, setAvailable] = useState(row.fare_available);
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState({ price, available });
  const dirty = price !== saved.price || available !== saved.available;

  const save = async () => {
    const values = { kind, client_fare_id: fareId, target_id: row.id, custom_price: price, fare_available: available };
    const checked = farePriceForm.safeParse(values);
    if (!checked.success) return setError(fieldErrors(checked.error).custom_price);
    setError(undefined);
    try {
      await api('/api/clientFare/setFarePrice', { body: values });
      setSaved({ price, available });
    } catch (e) {
      setError((e as { body?: { errors?: Record<string, string> } }).body?.errors?.custom_price);
    }
  };

  return (
    <TableRow>
      <TableCell>{row.name}</TableCell>
      <TableCell align="right">{formatMoney(row.base_price)}</TableCell>
      <TableCell>
        <TextField size="small" value={price} onChange={(e) => setPrice(e.target.value)} placeholder="Precio base" error={!!error} helperText={error}
          inputProps={{ inputMode: 'decimal', 'aria-label': `Precio de la tarifa de ${row.name}` }} />
      </TableCell>
      <TableCell><Checkbox checked={available} onChange={(e) => setAvailable(e.target.checked)} inputProps={{ 'aria-label': `Disponible ${row.name}` }} /></TableCell>
      <TableCell><Button size="small" disabled={!dirty} onClick={save}>Guardar</Button></TableCell>
    </TableRow>
  );
}

function ApplyPercentageDialog({ fareId, endpoint, label, onClose }: { fareId: number; endpoint: string; label: string; onClose: (changed: boolean) => void }) {
  const [percentage, setPercentage] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    const checked = farePercentageForm.safeParse({ percentage, client_fare_id: fareId });
    if (!checked.success) return setError(fieldErrors(checked.error).percentage);
    setBusy(true);
    try {
      await api(`/api/clientFare/changeCustomPriceTo${endpoint}`, { body: { percentage, client_fare_id: fareId } });
      onClose(true);
    } catch (e) {
      setError((e as { body?: { errors?: Record<string, string> } }).body?.errors?.percentage);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(false)} PaperProps={{ sx: { width: 480, maxWidth: '95vw' } }}>
      <DialogTitle>Aplicar porcentaje a {label.toLowerCase()}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>Cada precio de la tarifa pasará a ser el precio base más (o menos) este porcentaje.</Typography>
        <TextField label="Porcentaje" value={percentage} onChange={(e) => setPercentage(e.target.value)} error={!!error} helperText={error} fullWidth autoFocus inputProps={{ inputMode: 'decimal' }} />
        <FormControlLabel sx={{ mt: 1 }} control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
          label="Confirmo que quiero cambiar todos estos precios de la tarifa" />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancelar</Button>
        <Button variant="contained" disabled={!confirmed || busy} onClick={apply}>Aplicar</Button>
      </DialogActions>
    </Dialog>
  );
}
