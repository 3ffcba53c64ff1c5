/**
 * The calendars' common frame (docs/screens.md "Task calendar", docs/business-rules.md "Calendar hours 1 to 23, week starts
 * Monday"; docs/architecture.md FullCalendar, es locale, firstDay 1): month, week and day views in Spanish,
 * previous / today / next buttons, the week from Monday, the week and day views from 01:00 to 24:00,
 * and a jump-to-date picker. On a phone a week's grid leaves each entry a few letters («Me…»): there the
 * calendar opens as the week's list («Agenda»), every entry whole. FullCalendar is only loaded with the
 * pages that use this (lazy routes).
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import type { CalendarApi, CalendarOptions } from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import { Box, IconButton, InputAdornment, TextField, useMediaQuery, useTheme } from '@mui/material';
import CalendarIcon from '@mui/icons-material/CalendarMonth';
import { openPicker as openNativePicker, readDateText } from '../../../dates';
import { formatDay } from './dates';

export type CalendarViewName = 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay' | 'listWeek';

export interface CalendarViewHandle {
  api(): CalendarApi | undefined;
}

/** The options every calendar of the app shares. */
export const baseOptions: CalendarOptions = {
  plugins: [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin],
  locale: esLocale,
  firstDay: 1,
  slotMinTime: '01:00:00',
  slotMaxTime: '24:00:00',
  scrollTime: '08:00:00',
  allDaySlot: true,
  nowIndicator: true,
  dayMaxEvents: true,
  headerToolbar: { left: 'prev,today,next', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' },
  // 24-hour times, as the rest of the application.
  slotLabelFormat: { hour: '2-digit', minute: '2-digit', hour12: false },
  eventTimeFormat: { hour: '2-digit', minute: '2-digit', hour12: false },
  views: {
    timeGrid: { dayHeaderFormat: { weekday: 'short', day: '2-digit', month: '2-digit' } },
  },
};

/** On a phone: the week's list first, then the day and the month. */
const PHONE_TOOLBAR = { left: 'prev,today,next', center: 'title', right: 'listWeek,timeGridDay,dayGridMonth' };

export interface CalendarViewProps extends Omit<CalendarOptions, 'plugins' | 'locale'> {
  /** Label of the page's calendar, for assistive technologies and tests. */
  label: string;
  initialView?: CalendarViewName;
}

/** FullCalendar with the shared options, and the jump-to-date picker above it. */
export const CalendarView = forwardRef<CalendarViewHandle, CalendarViewProps>(function CalendarView(
  { label, initialView = 'dayGridMonth', datesSet, ...options },
  ref,
) {
  const calendar = useRef<FullCalendar>(null);
  const frame = useRef<HTMLElement>(null);
  useEffect(() => (frame.current ? accessibleCalendar(frame.current) : undefined), []);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const firstView = phone ? 'listWeek' : initialView;
  useImperativeHandle(ref, () => ({ api: () => calendar.current?.getApi() }), []);
  return (
    <Box
      component="section"
      ref={frame}
      aria-label={label}
      sx={{
        '& .fc': { fontFamily: 'inherit' },
        '& .fc .fc-toolbar-title': { fontSize: '1.25rem', textTransform: 'none' },
        // On a phone the title and the button groups wrap onto lines of their own.
        '& .fc .fc-toolbar': { flexWrap: 'wrap', gap: 1 },
        // The buttons in the app's blue (FullCalendar's are dark grey), the chosen view darker.
        '& .fc .fc-button': { textTransform: 'none', bgcolor: 'primary.main', borderColor: 'primary.main', color: '#fff' },
        '& .fc .fc-button:hover, & .fc .fc-button-primary:not(:disabled).fc-button-active': {
          bgcolor: 'primary.dark',
          borderColor: 'primary.dark',
        },
        '& .fc .fc-button:disabled': { bgcolor: 'primary.main', opacity: 0.75 },
        // Days of the neighbouring months: greyed by colour, not faded below a readable contrast.
        '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1, color: 'text.secondary' },
        '& .fc .fc-daygrid-day-number, & .fc .fc-col-header-cell-cushion': { color: 'text.primary' },
        '& .fc .fc-day-other .fc-daygrid-day-number': { color: 'text.secondary' },
        // An entry too long for its day ends with an ellipsis rather than being cut.
        '& .fc .fc-event-title, & .fc .fc-event-time': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        // The list shows each entry whole, wrapping its title.
        '& .fc .fc-list-event-title': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
        '& .fc .fc-daygrid-day, & .fc .fc-timegrid-slot-lane': { cursor: 'pointer' },
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <JumpToDate onDay={(day) => calendar.current?.getApi().gotoDate(day)} />
      </Box>
      <FullCalendar
        ref={calendar}
        {...baseOptions}
        initialView={firstView}
        // Every view grows with its weeks or hours and the page scrolls: a box of hours scrolling inside the page is
        // reached from the keyboard only through its entries, so a week without any (or the workshop's, whose entries
        // take no focus) could not be scrolled (axe: scrollable-region-focusable); a focusable box breaks the grid.
        height="auto"
        {...options}
        {...(phone ? { headerToolbar: { ...PHONE_TOOLBAR } } : {})}
        datesSet={datesSet}
      />
    </Box>
  );
});

/**
 * What FullCalendar renders that assistive technologies misread, put right as it renders: its button
 * icons are images without a name (the button already has one), and a day cell is named after its
 * date alone while it also holds that day's entries.
 */
function accessibleCalendar(root: HTMLElement) {
  const fix = () => {
    root.querySelectorAll('.fc-icon[role="img"]').forEach((icon) => {
      icon.removeAttribute('role');
      icon.setAttribute('aria-hidden', 'true');
    });
    root.querySelectorAll('td[aria-labelledby]').forEach((cell) => cell.removeAttribute('aria-labelledby'));
  };
  fix();
  const observer = new MutationObserver(fix);
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['role', 'aria-labelledby'] });
  return () => observer.disconnect();
}

/** "Ir a la fecha": a day typed as dd/mm/aaaa or chosen in the browser's calendar. */
export function JumpToDate({ onDay }: { onDay: (day: string) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const go = (typed: string) => {
    const { value: day, error: message } = readDateText(typed);
    setError(message);
    if (day) onDay(day);
  };
  const openPicker = () => openNativePicker(picker.current);
  return (
    <TextField
      size="small"
      label="Ir a la fecha"
      placeholder="dd/mm/aaaa"
      value={text}
      autoComplete="off"
      sx={{ width: 220 }}
      error={error !== null}
      helperText={error ?? undefined}
      onChange={(e) => {
        setText(e.target.value);
        setError(null);
        // A whole day moves the calendar at once.
        if (readDateText(e.target.value).value) go(e.target.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') go(text);
      }}
      onBlur={() => setError(readDateText(text).error)}
      slotProps={{
        htmlInput: { 'inputMode': 'numeric', 'aria-label': 'Ir a la fecha' },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton size="small" edge="end" aria-label="Abrir calendario" onClick={openPicker} tabIndex={-1}>
                <CalendarIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={readDateText(text).value ?? ''}
                onChange={(e) => {
                  if (!e.target.value) return;
                  setText(formatDay(e.target.value));
                  setError(null);
                  onDay(e.target.value);
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
