/**
 * The date-time input of the calendar forms (docs/validation.md "the date-time picker emits year-month-day
 * hour:minute:second", §9 "dd-MM-yyyy HH:mm:ss with default time 12:00:00"): typed as
 * dd-MM-yyyy HH:mm:ss (a day alone takes 12:00:00) or picked in the browser's own picker. A text that
 * is not a date and time is kept as typed, so that the schema's rule answers with its message.
 */
import { useRef, useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { useInput } from 'react-admin';
import { formDateValue, openPicker as openNativePicker, readDateText } from '../../../dates';
import { formatDateTimeText, localDateTime, parseDateTimeText, parseStored } from './dates';
import { errorText } from './errorText';

/** The stored value as "YYYY-MM-DD HH:mm:ss", '' for none, null for a text that is not a date. */
function normalised(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return '';
  const date = parseStored(value);
  return date && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(value) ? localDateTime(date) : null;
}

export interface DateTimeInputProps {
  source: string;
  label: string;
  disabled?: boolean;
  /** A hint under the input while it holds no error. */
  helperText?: string;
}

export function DateTimeInput({ source, label, disabled, helperText }: DateTimeInputProps) {
  const { field, fieldState, formState } = useInput({ source });
  const [text, setText] = useState(() => formatDateTimeText(field.value));
  const picker = useRef<HTMLInputElement>(null);

  // A value set from outside (a loaded record, the picker, a reset) replaces the text; typing does not.
  // Compared with the value of the last render, during rendering (React's way to adjust state to a changed prop).
  const [lastValue, setLastValue] = useState(field.value);
  if (field.value !== lastValue) {
    setLastValue(field.value);
    const value = normalised(field.value);
    const typed = readDateText(text, parseDateTimeText).value;
    if (value !== null && typed !== value) setText(value ? formatDateTimeText(value) : '');
  }

  const type = (next: string) => {
    setText(next);
    field.onChange(formDateValue(next, parseDateTimeText));
  };
  const openPicker = () => openNativePicker(picker.current);
  const shown = (fieldState.isTouched || formState.isSubmitted) && fieldState.invalid;
  const stored = normalised(field.value);

  return (
    <TextField
      label={label}
      value={text}
      name={field.name}
      disabled={disabled}
      fullWidth
      autoComplete="off"
      placeholder="dd-mm-aaaa hh:mm:ss"
      error={shown}
      helperText={shown ? errorText(fieldState.error) : helperText}
      onChange={(e) => type(e.target.value)}
      onBlur={field.onBlur}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton
                size="small"
                edge="end"
                aria-label={`Elegir ${label.toLowerCase()}`}
                onClick={openPicker}
                disabled={disabled}
                tabIndex={-1}
              >
                <EventIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="datetime-local"
                step={1}
                tabIndex={-1}
                aria-hidden
                value={stored ? stored.replace(' ', 'T') : ''}
                onChange={(e) => {
                  const picked = parseDateTimeText(e.target.value.replace('T', ' '));
                  if (!picked) return;
                  setText(formatDateTimeText(picked));
                  field.onChange(picked);
                }}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 1,
                  height: 1,
                  opacity: 0,
                  border: 0,
                  padding: 0,
                  pointerEvents: 'none',
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
