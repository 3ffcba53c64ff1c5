/**
 * A worker's month of the record: the month's grid (a Monday-first calendar with each day's worked
 * time), the month's total, and the days as a list with their entries, pauses and totals; every
 * correction shows with its reason, the original beside it. The office gets a button per entry to
 * correct it and one per day to add a forgotten entry.
 */
import { Box, Button, Chip, IconButton, Paper, Stack, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { formatDay, formatDateTime } from '../../../shared/format';
import { madridToday } from '../../../shared/madrid';
import { daysOfMonth, monthTitle } from '../../../shared/timeRecords';
import { BANNER_COLOURS } from '../../components/bannerStyle';
import type { DayView, EntryView, MonthView } from './timeRecordsApi';

const WEEKDAYS = [
  ['L', 'lunes'],
  ['M', 'martes'],
  ['X', 'miércoles'],
  ['J', 'jueves'],
  ['V', 'viernes'],
  ['S', 'sábado'],
  ['D', 'domingo'],
];

/** The month before or after "2026-11". */
export function shiftMonth(month: string, by: number) {
  const [year, m] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, m - 1 + by, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function MonthSwitcher({ month, onChange }: { month: string; onChange(month: string): void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <IconButton aria-label="Mes anterior" onClick={() => onChange(shiftMonth(month, -1))}>
        <ChevronLeft />
      </IconButton>
      <Typography component="h2" variant="subtitle1" sx={{ minWidth: 150, textAlign: 'center', fontWeight: 600 }} aria-live="polite">
        {capitalised(monthTitle(month))}
      </Typography>
      <IconButton aria-label="Mes siguiente" onClick={() => onChange(shiftMonth(month, 1))}>
        <ChevronRight />
      </IconButton>
    </Box>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The month as a grid: weeks from Monday, each day with its worked time. */
function MonthGrid({ record }: { record: MonthView }) {
  const byDay = new Map(record.days.map((d) => [d.day, d]));
  const days = daysOfMonth(record.month);
  const [year, m] = record.month.split('-').map(Number);
  const lead = (new Date(Date.UTC(year, m - 1, 1)).getUTCDay() + 6) % 7;
  const today = madridToday();
  return (
    <Box
      role="table"
      aria-label={`Calendario de ${monthTitle(record.month)}`}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5, mb: 2 }}
    >
      <Box role="row" sx={{ display: 'contents' }}>
        {WEEKDAYS.map(([short, long]) => (
          <Box
            key={long}
            role="columnheader"
            aria-label={long}
            sx={{ textAlign: 'center', fontWeight: 600, fontSize: 13, color: 'text.secondary' }}
          >
            {short}
          </Box>
        ))}
      </Box>
      {Array.from({ length: Math.ceil((lead + days.length) / 7) }, (_, week) => (
        <Box role="row" key={week} sx={{ display: 'contents' }}>
          {Array.from({ length: 7 }, (_, col) => {
            const index = week * 7 + col - lead;
            const day = days[index];
            if (!day) return <Box role="cell" key={col} />;
            const worked = byDay.get(day);
            return (
              <Box
                role="cell"
                key={col}
                data-day={day}
                aria-label={`${formatDay(day)}${worked ? `: ${worked.worked} h trabajadas` : ''}`}
                sx={{
                  border: 1,
                  borderColor: day === today ? 'primary.main' : 'divider',
                  borderWidth: day === today ? 2 : 1,
                  borderRadius: 1,
                  minHeight: 48,
                  p: 0.5,
                  bgcolor: worked ? (worked.incomplete ? '#fff4e5' : '#e8f4f8') : 'transparent',
                  overflow: 'hidden',
                }}
              >
                <Typography variant="caption" component="div" sx={{ fontWeight: 600 }}>
                  {Number(day.slice(8))}
                </Typography>
                {worked && (
                  <Typography variant="caption" component="div" sx={{ fontSize: { xs: 11, sm: 12 } }}>
                    {worked.worked} h
                  </Typography>
                )}
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}

function EntryLine({ entry, onCorrect }: { entry: EntryView; onCorrect?(entry: EntryView): void }) {
  return (
    <Box component="li" sx={{ py: 0.5, display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1 }}>
      <Typography
        component="span"
        sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, textDecoration: entry.voided ? 'line-through' : 'none' }}
      >
        {entry.time}
      </Typography>
      <Typography component="span" sx={{ textDecoration: entry.voided ? 'line-through' : 'none' }}>
        {entry.label}
      </Typography>
      {entry.voided && <Chip size="small" label="Anulado" />}
      {entry.added && <Chip size="small" variant="outlined" label="Añadido por la empresa" />}
      {onCorrect && !entry.voided && (
        <Button size="small" onClick={() => onCorrect(entry)}>
          Corregir
        </Button>
      )}
      {(entry.added || entry.corrections.length > 0) && (
        <Box sx={{ flexBasis: '100%', pl: 2, color: 'text.secondary', fontSize: 14 }}>
          {entry.added && entry.reason && <div>Motivo: {entry.reason}</div>}
          {entry.original && (
            <div>
              Original: {entry.original.label} {entry.original.time}
              {entry.original.day !== madridToday(Date.parse(entry.at)) ? ` (${formatDay(entry.original.day)})` : ''}
            </div>
          )}
          {entry.corrections.map((c) => (
            <div key={c.id}>
              {c.voids ? 'Anulado' : `Corregido a ${c.label.toLowerCase()} ${c.time}`} · Motivo: {c.reason}
              {c.recorded_by ? ` · ${c.recorded_by}` : ''} · {formatDateTime(c.recorded_at)}
            </div>
          ))}
        </Box>
      )}
    </Box>
  );
}

function DayCard({ day, onCorrect, onAdd }: { day: DayView; onCorrect?(entry: EntryView): void; onAdd?(day: string): void }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`day-${day.day}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <Typography component="h3" sx={{ fontWeight: 600 }}>{formatDay(day.day)}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {day.ongoing && <Chip size="small" label="En curso" sx={{ bgcolor: BANNER_COLOURS.info, color: '#fff' }} />}
          {day.incomplete && <Chip size="small" label="Sin salida" sx={{ bgcolor: BANNER_COLOURS.warning, color: '#fff' }} />}
          {day.corrected && <Chip size="small" variant="outlined" label="Corregido" />}
          <Typography component="span" sx={{ fontWeight: 600 }}>Trabajado: {day.worked} h</Typography>
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {day.stretches.length ? `Jornada: ${day.stretches.join(', ')}` : 'Sin jornada completa'}
        {day.pauses.length ? ` · Pausas: ${day.pauses.join(', ')} (${day.paused} h)` : ''}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
        {day.entries.map((entry) => <EntryLine key={entry.id} entry={entry} onCorrect={onCorrect} />)}
      </Box>
      {onAdd && <Button size="small" onClick={() => onAdd(day.day)}>Añadir fichaje</Button>}
    </Paper>
  );
}

export function MonthRecord({
  record,
  onCorrect,
  onAdd,
}: {
  record: MonthView;
  onCorrect?(entry: EntryView): void;
  onAdd?(day: string): void;
}) {
  return (
    <Box>
      <MonthGrid record={record} />
      <Typography sx={{ fontWeight: 600, mb: 1 }} data-testid="month-total">
        Total del mes: {record.worked} h trabajadas · pausas: {record.paused} h
      </Typography>
      {record.days.length === 0 ? (
        <Typography color="text.secondary">No hay fichajes este mes.</Typography>
      ) : (
        <Stack spacing={1}>
          {[...record.days].reverse().map((day) => (
            <DayCard key={day.day} day={day} onCorrect={onCorrect} onAdd={onAdd} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
