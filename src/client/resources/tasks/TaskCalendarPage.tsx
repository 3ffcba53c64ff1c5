/**
 * The staff's task calendar (docs/screens.md "Task calendar"): day, week and month views in Spanish, the week
 * from Monday, hours 1 to 23, a jump-to-date picker and previous / today / next buttons. Tasks of the
 * visible range are loaded (GET /api/task/all with a range filter); selecting a slot adds a task,
 * dragging or resizing one moves it (POST /api/task/update {id, start, end}), clicking one edits or
 * deletes it. Each task shows in its own background and border colours. The workshop (taller) reads the
 * calendar only: no new task, no dragging, a click shows the task's details.
 */
import { useCallback, useRef, useState } from 'react';
import type { DateSelectArg, EventClickArg, EventDropArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { task as taskSchema } from '../../../../schemas/logistics';
import { resourceContracts, type ListRowOf } from '../../../shared/contracts/records';
import { call } from '../../providers/http';
import { useSession } from '../../providers/useSession';
import { CalendarView, type CalendarViewHandle } from './calendar/CalendarView';
import { addDays, dayOf, localDateTime, parseStored, storedDay } from './calendar/dates';
import { DEFAULT_COLOURS, TaskDialog } from './TaskDialog';

const taskContracts = resourceContracts(taskSchema);
/** A task as the calendar's list answers it. */
type Task = ListRowOf<typeof taskSchema>;

const HOUR = 3_600_000;

/** Black or white text, whichever reads better on the task's background. */
function textOn(colour: string) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) return '#ffffff';
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#000000' : '#ffffff';
}

function toEvent(task: Task): EventInput | null {
  const start = parseStored(task.start);
  const end = parseStored(task.end);
  if (!start) return null;
  const background = task.bg_color || DEFAULT_COLOURS.bg_color;
  const common = {
    id: String(task.id), title: task.title ?? '', backgroundColor: background,
    borderColor: task.border_color || DEFAULT_COLOURS.border_color,
    textColor: textOn(background), extendedProps: { location: task.location, attendees: task.attendees },
  };
  if (task.all_day) {
    const last = parseStored(storedDay(task.end)) ?? parseStored(storedDay(task.start))!;
    // FullCalendar's all-day end is the day after the last one.
    return { ...common, allDay: true, start: storedDay(task.start), end: dayOf(addDays(last, 1)) };
  }
  return { ...common, allDay: false, start, end: end ?? new Date(start.getTime() + HOUR) };
}

/** The stored start and end of an event where the calendar now shows it. */
function storedRange(event: { start: Date | null; end: Date | null; allDay: boolean }) {
  const start = event.start!;
  if (event.allDay) {
    const last = event.end ? addDays(event.end, -1) : start;
    return { start: `${dayOf(start)} 00:00:00`, end: `${dayOf(last < start ? start : last)} 23:59:59` };
  }
  return { start: localDateTime(start), end: localDateTime(event.end ?? new Date(start.getTime() + HOUR)) };
}

export default function TaskCalendarPage() {
  const calendar = useRef<CalendarViewHandle>(null);
  // Only the office plans tasks (the server refuses the workshop's changes): the workshop reads them.
  const session = useSession();
  const planner = !!session?.roles.includes('admin');
  const [reading, setReading] = useState<{ title: string; when: string; location?: string | null; attendees?: string | null } | null>(null);
  const [creating, setCreating] = useState<Record<string, unknown> | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const refetch = () => calendar.current?.api()?.refetchEvents();

  // Every task that overlaps the visible range: it starts before the range ends and ends after it starts.
  const loadTasks = useCallback((info: EventSourceFuncArg, success: (events: EventInput[]) => void, failure: (error: Error) => void) => {
    const filter = { start_lte: `${dayOf(addDays(info.end, -1))} 23:59:59`, end_gte: `${dayOf(info.start)} 00:00:00` };
    call(taskContracts.all, { query: { filter: JSON.stringify(filter) } }, {})
      .then((tasks) => success(tasks.map(toEvent).filter((e): e is EventInput => !!e)), (error: Error) => failure(error));
  }, []);

  const select = (info: DateSelectArg) => {
    const range = storedRange({ start: info.start, end: info.end, allDay: info.allDay });
    setCreating({ title: '', location: '', attendees: '', ...range, all_day: info.allDay });
  };

  // "Nueva tarea": the next whole hour, for an hour (selecting a slot opens the same dialog for that slot).
  const newTask = () => {
    const start = new Date();
    start.setHours(start.getHours() + 1, 0, 0, 0);
    // The calendar's hours run from 1 to 23: midnight becomes one o'clock.
    if (start.getHours() === 0) start.setHours(1);
    setCreating({
      title: '',
      location: '',
      attendees: '',
      start: localDateTime(start),
      end: localDateTime(new Date(start.getTime() + HOUR)),
      all_day: false,
    });
  };

  const move = async (info: EventDropArg | EventResizeDoneArg) => {
    const data: Record<string, unknown> = { id: Number(info.event.id), ...storedRange(info.event) };
    if (info.oldEvent.allDay !== info.event.allDay) data.all_day = info.event.allDay;
    try {
      await call(taskContracts.update, { body: { data: JSON.stringify(data) } }, { changes: 'task' });
    } catch {
      info.revert();
    }
  };

  return (
    <Box sx={{ mt: 1, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h1">Calendario de tareas</Typography>
        {planner && <Button variant="contained" startIcon={<AddIcon />} onClick={newTask}>Nueva tarea</Button>}
      </Box>
      <CalendarView
        ref={calendar}
        label="Calendario de tareas"
        initialView="timeGridWeek"
        events={loadTasks}
        selectable={planner}
        selectMirror
        editable={planner}
        eventResizableFromStart
        select={select}
        eventClick={(info: EventClickArg) => {
          info.jsEvent.preventDefault();
          if (planner) setEditing(Number(info.event.id));
          else
            setReading({
              title: info.event.title,
              when: info.el.querySelector('.fc-event-time')?.textContent ?? '',
              ...(info.event.extendedProps as { location?: string | null; attendees?: string | null }),
            });
        }}
        eventDrop={move}
        eventResize={move}
        eventDidMount={({ event, el }) => {
          const { location } = event.extendedProps as { location?: string | null };
          el.setAttribute('title', location ? `${event.title} · ${location}` : event.title);
        }}
      />
      {creating && (
        <TaskDialog mode="create" defaults={creating}
          onClose={() => { setCreating(null); calendar.current?.api()?.unselect(); }} onChanged={refetch} />
      )}
      {editing !== null && <TaskDialog mode="update" id={editing} onClose={() => setEditing(null)} onChanged={refetch} />}
      {reading && (
        <Dialog open onClose={() => setReading(null)} aria-labelledby="task-read-title">
          <DialogTitle id="task-read-title">{reading.title}</DialogTitle>
          <DialogContent>
            {reading.when && <Typography>Hora: {reading.when}</Typography>}
            {reading.location && <Typography>Lugar: {reading.location}</Typography>}
            {reading.attendees && <Typography>Asistentes: {reading.attendees}</Typography>}
          </DialogContent>
          <DialogActions><Button onClick={() => setReading(null)}>Cerrar</Button></DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
