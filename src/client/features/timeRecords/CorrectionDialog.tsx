/**
 * The office's correction of the record: change an entry's time or kind, annul it, or add one the worker
 * forgot — always with a reason. The server writes it as a new entry; the original stays.
 */
import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { madridToday } from '../../../shared/madrid';
import { correctionErrors, KIND_LABELS, TIME_ENTRY_KINDS, type TimeEntryKind } from '../../../shared/timeRecords';
import { DayPicker } from '../../components/DayInput';
import { fieldErrorsOf } from '../../providers/http';
import { notify, DURATION } from '../../providers/events';
import { sendCorrection, type Correction, type EntryView, type Worker } from './timeRecordsApi';

export type CorrectionTarget = { entry: EntryView; worker: Worker } | { day: string; worker: Worker };

export function CorrectionDialog({ target, onClose, onSaved }: { target: CorrectionTarget; onClose(): void; onSaved(): void }) {
  const entry = 'entry' in target ? target.entry : null;
  const [action, setAction] = useState<'change' | 'void'>('change');
  const [kind, setKind] = useState<TimeEntryKind>(entry?.kind ?? 'out');
  const [day, setDay] = useState<string | null>(entry ? madridToday(Date.parse(entry.at)) : 'day' in target ? target.day : madridToday());
  const [time, setTime] = useState(entry?.time ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const voiding = !!entry && action === 'void';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const correction: Correction = entry
      ? voiding
        ? { action: 'void', entry_id: entry.id, reason }
        : { action: 'change', entry_id: entry.id, kind, day: day ?? '', time, reason }
      : { action: 'add', user_id: target.worker.id, kind, day: day ?? '', time, reason };
    // The server's own rules, so that every field says what is wrong at once, before anything is sent.
    const wrong = correctionErrors(correction);
    setErrors(wrong);
    if (Object.keys(wrong).length) return;
    setBusy(true);
    try {
      await sendCorrection(correction);
      notify('success', 'Corrección guardada', DURATION.response);
      onSaved();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      else notify('error', (error as Error).message, DURATION.response);
    } finally {
      setBusy(false);
    }
  };

  const title = entry ? `Corregir fichaje: ${entry.label} ${entry.time}` : 'Añadir fichaje';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="correction-title">
      <form noValidate onSubmit={save}>
        <DialogTitle id="correction-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {target.worker.name}. El fichaje original no se modifica: la corrección se guarda aparte con su motivo y ambos quedan en el
              registro.
            </Typography>
            {entry && (
              <RadioGroup
                row
                value={action}
                onChange={(e) => setAction(e.target.value as 'change' | 'void')}
                aria-label="Tipo de corrección"
              >
                <FormControlLabel value="change" control={<Radio />} label="Cambiar hora o tipo" />
                <FormControlLabel value="void" control={<Radio />} label="Anular el fichaje" />
              </RadioGroup>
            )}
            {!voiding && (
              <>
                <TextField
                  select
                  label="Tipo"
                  value={kind}
                  onChange={(e) => setKind(e.target.value as TimeEntryKind)}
                  error={!!errors.kind}
                  helperText={errors.kind}
                >
                  {TIME_ENTRY_KINDS.map((k) => (
                    <MenuItem key={k} value={k}>
                      {KIND_LABELS[k]}
                    </MenuItem>
                  ))}
                </TextField>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <DayPicker
                    label="Día"
                    name="day"
                    value={day ?? ''}
                    onChange={(value) => setDay(value)}
                    error={!!errors.day}
                    helperText={errors.day}
                    fullWidth
                  />
                  <TextField
                    label="Hora"
                    name="time"
                    value={time}
                    onChange={(e) => setTime(e.target.value)}
                    placeholder="hh:mm"
                    autoComplete="off"
                    error={!!errors.time}
                    helperText={errors.time}
                    fullWidth
                    // A keyboard with ":" (the digits keypad of a phone has none): hh:mm is typed as it shows.
                    slotProps={{ htmlInput: { inputMode: 'text', autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false } }}
                  />
                </Stack>
              </>
            )}
            <TextField
              label="Motivo"
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              multiline
              minRows={2}
              // Marked as required, not as the browser's `required`: our message says what is missing.
              slotProps={{ inputLabel: { required: true } }}
              error={!!errors.reason}
              helperText={errors.reason}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Guardar corrección
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
