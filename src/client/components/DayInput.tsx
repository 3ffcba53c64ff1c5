/**
 * A day picker that shows dd/MM/yyyy whatever the browser's language and emits year-month-day (docs/validation.md
 * "the date picker emits year-month-day", §9 date formats). The day is typed, or chosen in the browser's
 * calendar from the button beside it.
 */
import { useRef, useState, type ReactNode } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import CalendarIcon from '@mui/icons-material/CalendarMonth';
import { useInput, ValidationError } from 'react-admin';
import { formDateValue, isRealDay, openPicker, readDateText } from '../dates';
import { formatDay } from '../../shared/format';

/** "2026-11-20", "2026-11-20 00:00:00" or "2026-11-20T12:00:00Z" → "2026-11-20"; anything else → null. */
export function isoDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(value);
  return match && isRealDay(Number(match[1]), Number(match[2]), Number(match[3])) ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

export interface DayPickerProps {
  label: string;
  /** Year-month-day, or '' for none. */
  value: string;
  /** `day` is year-month-day, '' when the field was emptied, or null while the text is not a day. */
  onChange: (day: string | null, text: string) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: ReactNode;
  name?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  disabled?: boolean;
  required?: boolean;
  /** A fixed width (px) instead of the input's natural one. */
  width?: number;
}

export function DayPicker({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  name,
  size,
  fullWidth,
  disabled,
  required,
  width,
}: DayPickerProps) {
  const [text, setText] = useState(() => formatDay(value));
  const calendar = useRef<HTMLInputElement>(null);
  // A value set from outside (a loaded record, a reset filter, the calendar) replaces the text: compared
  // with the value of the last render, during rendering (React's way to adjust state to a changed prop).
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    const typed = readDateText(text).value;
    if (value === '' && typed !== null && typed !== '') setText('');
    else if (value && isoDay(value) && typed !== isoDay(value)) setText(formatDay(value));
  }

  const type = (next: string) => {
    setText(next);
    onChange(readDateText(next).value, next);
  };
  const openCalendar = () => openPicker(calendar.current);

  return (
    <TextField
      label={label}
      value={text}
      name={name}
      size={size}
      fullWidth={fullWidth}
      disabled={disabled}
      required={required}
      error={error}
      helperText={helperText || undefined}
      placeholder="dd/mm/aaaa"
      autoComplete="off"
      onChange={(e) => type(e.target.value)}
      onBlur={onBlur}
      sx={width ? { width } : undefined}
      slotProps={{
        // The text keyboard: a phone's digits keypad has no "/" to type dd/mm/aaaa with.
        htmlInput: { 'inputMode': 'text', 'aria-label': label },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton size="small" edge="end" aria-label="Abrir calendario" onClick={openCalendar} disabled={disabled} tabIndex={-1}>
                <CalendarIcon fontSize="small" />
              </IconButton>
              {/* The browser's own calendar, opened by the button; what it picks is shown as dd/MM/yyyy. */}
              <input
                ref={calendar}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={isoDay(value) ?? ''}
                onChange={(e) => {
                  const day = e.target.value;
                  setText(formatDay(day));
                  onChange(day, formatDay(day));
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

/**
 * The react-admin input of a day. In a form an unreadable text is kept as typed, so that the schema's
 * rule answers "Introduzca una fecha válida"; in a filter (`filter`) only a whole day or nothing is applied.
 */
export function DayInput({ source, label, filter = false, alwaysOn: _alwaysOn, format, parse }: {
  source: string; label: string; filter?: boolean; alwaysOn?: boolean;
  /** The stored value as a year-month-day (e.g. the day of a timestamp bound). */
  format?: (value: unknown) => string;
  /** The year-month-day chosen as the stored value (e.g. the first or last instant of that day). */
  parse?: (day: string) => unknown;
}) {
  const { field, fieldState, formState } = useInput({ source, defaultValue: filter ? undefined : null, format, parse });
  const shown = (fieldState.isTouched || formState.isSubmitted) && fieldState.invalid;
  const message = fieldState.error?.message;
  return (
    <DayPicker
      label={label}
      name={field.name}
      value={isoDay(field.value) ?? ''}
      size={filter ? 'small' : undefined}
      fullWidth={!filter}
      width={filter ? 160 : undefined}
      onChange={(day, text) => {
        // An emptied filter is '' (react-admin drops it; undefined would keep the last day).
        if (filter) {
          if (day !== null) field.onChange(day);
        } else field.onChange(formDateValue(text));
      }}
      onBlur={field.onBlur}
      error={shown}
      helperText={shown && message ? <ValidationError error={message} /> : false}
    />
  );
}
