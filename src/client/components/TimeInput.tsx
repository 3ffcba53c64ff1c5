/**
 * The time widget of docs/validation.md docs/business-rules.md: hours 0–23 and minutes 0–59, chosen from two lists (no typing, no
 * browser picker in another language), emitting hours × 3600 + minutes × 60. Choosing the hour alone
 * gives o'clock; "Sin hora" empties it.
 */
import { FormControl, FormHelperText, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import { useInput, ValidationError } from 'react-admin';
import { pad } from '../../shared/format';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const MINUTES = Array.from({ length: 60 }, (_, m) => m);
const NONE = '';

/** Seconds since midnight → [hours, minutes]; anything else → none. */
function partsOf(value: unknown): [number, number] | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 86400
    ? [Math.floor(value / 3600), Math.floor((value % 3600) / 60)] : null;
}

export function TimeInput({ source, label, helperText }: { source: string; label: string; helperText?: string }) {
  const { field, fieldState, formState, id } = useInput({ source, defaultValue: null });
  const parts = partsOf(field.value);
  const shown = (fieldState.isTouched || formState.isSubmitted) && fieldState.invalid;
  const set = (hours: number | null, minutes: number) => {
    field.onChange(hours === null ? null : hours * 3600 + minutes * 60);
    field.onBlur();
  };
  return (
    <FormControl fullWidth margin="dense" error={shown} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1 }}>
      <Stack direction="row" spacing={1} role="group" aria-label={label}>
        <FormControl fullWidth size="small" variant="filled">
          <InputLabel id={`${id}-hours`}>{`${label} (hora)`}</InputLabel>
          <Select
            labelId={`${id}-hours`}
            name={`${field.name}.hours`}
            value={parts ? parts[0] : NONE}
            onChange={(e) => set(String(e.target.value) === NONE ? null : Number(e.target.value), parts?.[1] ?? 0)}
          >
            <MenuItem value={NONE}>
              <em>Sin hora</em>
            </MenuItem>
            {HOURS.map((h) => (
              <MenuItem key={h} value={h}>
                {pad(h)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl fullWidth size="small" variant="filled" disabled={!parts}>
          <InputLabel id={`${id}-minutes`}>{`${label} (minutos)`}</InputLabel>
          <Select
            labelId={`${id}-minutes`}
            name={`${field.name}.minutes`}
            value={parts ? parts[1] : NONE}
            onChange={(e) => set(parts?.[0] ?? 0, Number(e.target.value))}
          >
            {MINUTES.map((m) => (
              <MenuItem key={m} value={m}>
                {pad(m)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
      {(shown || helperText) && (
        <FormHelperText>
          {shown && fieldState.error?.message ? <ValidationError error={fieldState.error.message} /> : helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
