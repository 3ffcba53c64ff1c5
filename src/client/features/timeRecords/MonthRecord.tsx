/**
 * A worker's month of the record: the month's grid (a Monday-first calendar with each day's worked
 * time), the month's total, and the days as a list with their entries, pauses and totals; every
 * correction shows with its reason, the original beside it. The office gets a button per entry to
 * correct it and one per day to add a forgotten entry. Production steps the worker marked while not clocked
 * in show on their day and in the month's count (issue 44: the day adds up), days without entries included.
 */
import { Box, Button, Chip, IconButton, Link, Paper, Stack, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { Link as RouterLink } from 'react-router-dom';
import { formatDay, formatDateTime } from '../../../shared/format';
import { madridToday } from '../../../shared/madrid';
import { daysOfMonth, monthTitle } from '../../../shared/timeRecords';
import { BANNER_COLOURS } from '../../components/bannerStyle';
import { barcodePath } from '../../common/traceabilityApi';
import type { DayView, EntryView, MonthView, OutsideMark } from './timeRecordsApi';

/** Dark amber: readable (4.5:1) on white and on the pale amber of a flagged box. */
const warm = '#8a4b00';

export const OUTSIDE_MARKS_LABEL = 'Pasos marcados sin fichar';
/** «1 paso», «3 pasos». */
const steps = (n: number) => `${n} ${n === 1 ? 'paso' : 'pasos'}`;

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
function MonthGrid({ record, marks }: { record: MonthView; marks: Map<string, OutsideMark[]> }) {
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
            const outside = marks.get(day)?.length ?? 0;
            return (
              <Box
                role="cell"
                key={col}
                data-day={day}
                aria-label={`${formatDay(day)}${worked ? `: ${worked.worked} h trabajadas` : ''}`
                  + `${outside ? `${worked ? ',' : ':'} ${steps(outside)} sin fichar` : ''}`}
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
                {outside > 0 && (
                  <Typography variant="caption" component="div" aria-hidden sx={{ display: 'flex', alignItems: 'center', color: warm }}>
                    <WarningAmber sx={{ fontSize: 14 }} />
                    {outside}
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

/** The steps of a day marked while the worker was not clocked in: when, which step, of which item and order. */
function OutsideMarks({ marks }: { marks: OutsideMark[] }) {
  return (
    <Box component="section" aria-label={OUTSIDE_MARKS_LABEL} sx={{ mt: 1, p: 1, borderRadius: 1, bgcolor: '#fff4e5' }}>
      <Typography component="h4" variant="body2" sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <WarningAmber fontSize="small" sx={{ color: warm }} />
        {OUTSIDE_MARKS_LABEL} ({marks.length})
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {marks.map((mark) => (
          <Box component="li" key={`${mark.at}-${mark.barcode}-${mark.step}`} sx={{ py: 0.25, fontSize: 14 }}>
            <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>{mark.time}</Box>
            {' · '}{mark.step}{' · artículo '}
            <Link component={RouterLink} to={barcodePath(mark.barcode)}>{mark.barcode}</Link>
            {` · pedido ${mark.order_id}`}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** A day with no entries but steps marked: shown so that its steps are (and the office can add the entries). */
const dayWithoutEntries = (day: string): DayView => ({
  day, entries: [], stretches: [], pauses: [], worked_ms: 0, worked: '0:00', paused_ms: 0, paused: '0:00',
  incomplete: false, ongoing: false, corrected: false,
});

function DayCard({ day, marks = [], onCorrect, onAdd }: {
  day: DayView;
  marks?: OutsideMark[];
  onCorrect?(entry: EntryView): void;
  onAdd?(day: string): void;
}) {
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
        {day.stretches.length ? `Jornada: ${day.stretches.join(', ')}` : day.entries.length ? 'Sin jornada completa' : 'Sin fichajes'}
        {day.pauses.length ? ` · Pausas: ${day.pauses.join(', ')} (${day.paused} h)` : ''}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
        {day.entries.map((entry) => <EntryLine key={entry.id} entry={entry} onCorrect={onCorrect} />)}
      </Box>
      {marks.length > 0 && <OutsideMarks marks={marks} />}
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
  const marks = new Map<string, OutsideMark[]>();
  for (const mark of record.outside_marks) marks.set(mark.day, [...(marks.get(mark.day) ?? []), mark]);
  const byDay = new Map(record.days.map((d) => [d.day, d]));
  const days = [...new Set([...byDay.keys(), ...marks.keys()])].sort().reverse();
  return (
    <Box>
      <MonthGrid record={record} marks={marks} />
      <Typography sx={{ fontWeight: 600, mb: 1 }} data-testid="month-total">
        Total del mes: {record.worked} h trabajadas · pausas: {record.paused} h
      </Typography>
      {record.outside_marks.length > 0 && (
        <Typography sx={{ fontWeight: 600, mb: 1, color: warm }} data-testid="outside-marks-count">
          {OUTSIDE_MARKS_LABEL} en el mes: {steps(record.outside_marks.length)}
        </Typography>
      )}
      {days.length === 0 ? (
        <Typography color="text.secondary">No hay fichajes este mes.</Typography>
      ) : (
        <Stack spacing={1}>
          {days.map((day) => (
            <DayCard key={day} day={byDay.get(day) ?? dayWithoutEntries(day)} marks={marks.get(day)} onCorrect={onCorrect} onAdd={onAdd} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
