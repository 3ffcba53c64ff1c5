/**
 * /fichaje/registros «Registros de jornada» (office): every worker's month, filtered by worker and
 * month; a worker's record with corrections (each with its reason) and its PDF; everyone's CSV of the
 * month, and of any span of days for records of any age (nothing is ever deleted).
 */
import { useState } from 'react';
import {
  Box, Button, LinearProgress, List, ListItem, ListItemButton, ListItemText, MenuItem, Paper, Stack, TextField, Typography,
} from '@mui/material';
import Download from '@mui/icons-material/Download';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Add from '@mui/icons-material/Add';
import { madridToday } from '../../../shared/madrid';
import { madridMonth } from '../../../shared/timeRecords';
import { DayPicker } from '../../components/DayInput';
import { saveBlob } from '../../providers/files';
import { useApiQuery } from '../../providers/query';
import { CorrectionDialog, type CorrectionTarget } from './CorrectionDialog';
import { MonthRecord, MonthSwitcher } from './MonthRecord';
import {
  fetchCsv, fetchEveryonesMonth, fetchWorkerMonth, fetchWorkerReport, fetchWorkers, timeRecordKeys, type Worker, type WorkerTotals,
} from './timeRecordsApi';

const NO_WORKERS: Worker[] = [];
const NO_TOTALS: WorkerTotals[] = [];

export default function RecordsPage() {
  const [month, setMonth] = useState(() => madridMonth());
  const [workerId, setWorkerId] = useState<number | ''>('');
  const [correcting, setCorrecting] = useState<CorrectionTarget | null>(null);

  // A refused list (already notified) offers «Todos» alone.
  const { data: workers = NO_WORKERS } = useApiQuery(timeRecordKeys.workers, fetchWorkers);
  // Everyone's month, or the chosen worker's; read again after a check-in from the top bar or a correction
  // (both invalidate the records). A refused month lists nobody; a refused worker's record stays loading.
  const everyone = useApiQuery(timeRecordKeys.everyone(month), () => fetchEveryonesMonth(month), workerId === '');
  const totals = everyone.isError ? NO_TOTALS : everyone.data ?? null;
  const chosen = useApiQuery(
    timeRecordKeys.worker(Number(workerId), month),
    () => fetchWorkerMonth(Number(workerId), month),
    workerId !== '',
  );
  const record = chosen.isError ? null : chosen.data ?? null;

  const worker = workers.find((w) => w.id === workerId) ?? record?.worker;

  return (
    <Box sx={{ mt: 1, mb: 2, maxWidth: 900 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <TextField
          select
          size="small"
          label="Trabajador"
          value={workerId}
          onChange={(e) => setWorkerId(e.target.value === '' ? '' : Number(e.target.value))}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">Todos</MenuItem>
          {workers.map((w) => (
            <MenuItem key={w.id} value={w.id}>
              {w.name}
              {w.active ? '' : ' (inactivo)'}
            </MenuItem>
          ))}
        </TextField>
        <MonthSwitcher month={month} onChange={setMonth} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={<Download />}
          onClick={async () => saveBlob(await fetchCsv({ month }), `registro-jornada-${month}.csv`)}
        >
          Descargar CSV del mes
        </Button>
        {worker && workerId !== '' && (
          <>
            <Button
              variant="outlined"
              startIcon={<PictureAsPdf />}
              onClick={async () => saveBlob(await fetchWorkerReport(worker.id, month), `registro-jornada-${worker.username}-${month}.pdf`)}
            >
              Descargar PDF
            </Button>
            <Button variant="outlined" startIcon={<Add />} onClick={() => setCorrecting({ day: madridToday(), worker })}>
              Añadir fichaje
            </Button>
          </>
        )}
      </Box>

      {workerId === '' ? (
        totals === null ? (
          <LinearProgress aria-label="Cargando" />
        ) : (
          <Paper variant="outlined">
            <List disablePadding aria-label="Trabajadores">
              {totals.map((t) => (
                <ListItem key={t.worker.id} disablePadding divider>
                  <ListItemButton onClick={() => setWorkerId(t.worker.id)}>
                    <ListItemText
                      primary={t.worker.name}
                      secondary={[
                        `${t.days} ${t.days === 1 ? 'día' : 'días'}`,
                        `${t.worked} h trabajadas`,
                        t.incomplete ? `${t.incomplete} sin salida` : '',
                        t.corrected ? `${t.corrected} con correcciones` : '',
                        t.outside_marks ? `${t.outside_marks} ${t.outside_marks === 1 ? 'paso marcado' : 'pasos marcados'} sin fichar` : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        )
      ) : record && worker ? (
        <MonthRecord
          record={record}
          onCorrect={(entry) => setCorrecting({ entry, worker })}
          onAdd={(day) => setCorrecting({ day, worker })}
        />
      ) : (
        <LinearProgress aria-label="Cargando" />
      )}

      <RangeExport />

      {correcting && <CorrectionDialog target={correcting} onClose={() => setCorrecting(null)} onSaved={() => setCorrecting(null)} />}
    </Box>
  );
}

/** Everyone's record over any span of days, as CSV: how records of past years leave the application. */
function RangeExport() {
  const [from, setFrom] = useState<string | null>('');
  const [to, setTo] = useState<string | null>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const download = async () => {
    const wrong: Record<string, string> = {};
    if (!from) wrong.from = 'Introduzca una fecha válida';
    if (!to) wrong.to = 'Introduzca una fecha válida';
    if (from && to && to < from) wrong.to = 'La fecha final no puede ser anterior a la inicial';
    setErrors(wrong);
    if (Object.keys(wrong).length) return;
    saveBlob(await fetchCsv({ from: from!, to: to! }), `registro-jornada-${from}-a-${to}.csv`);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Exportar registros antiguos
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Los registros de jornada se conservan al menos cuatro años y nunca se borran: las correcciones se añaden con su motivo. Para sacar
        los de cualquier periodo, elija las fechas y descargue el CSV de todos los trabajadores.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <DayPicker
          label="Desde"
          name="from"
          value={from ?? ''}
          onChange={(d) => setFrom(d)}
          error={!!errors.from}
          helperText={errors.from}
        />
        <DayPicker label="Hasta" name="to" value={to ?? ''} onChange={(d) => setTo(d)} error={!!errors.to} helperText={errors.to} />
        <Button variant="outlined" startIcon={<Download />} onClick={download} sx={{ mt: { sm: 1 } }}>
          Descargar CSV
        </Button>
      </Stack>
    </Paper>
  );
}
