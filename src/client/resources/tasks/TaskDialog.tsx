/**
 * Add or edit a task of the calendar (docs/screens.md "Task calendar": title, location, attendees, start, end,
 * all day, background and border colours), validated by the task schema's own rules; the server's
 * field errors show under their fields. An all-day task runs from 00:00:00 of its first day to
 * 23:59:59 of its last.
 */
import { Box, Button, Dialog, DialogContent, DialogTitle, IconButton, TextField } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import {
  BooleanInput,
  CreateBase,
  DeleteButton,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useInput,
  useRecordContext,
} from 'react-admin';
import { task } from '../../../../schemas/logistics';
import { StoredEditBase } from '../generated/StoredRecord';
import type { FormMode } from '../../../shared/resource';
import { missingValues } from '../../../shared/recordRules';
import { schemaValidator } from '../generated/validate';
import { DateTimeInput } from './calendar/DateTimeInput';
import { storedDay } from './calendar/dates';
import { errorText } from './calendar/errorText';

export const DEFAULT_COLOURS = { bg_color: '#1976d2', border_color: '#1565c0' } as const;

const label = (name: string) => task.fields.find((f) => f.name === name)?.label ?? name;
const validators = { create: schemaValidator(task, 'create'), update: schemaValidator(task, 'update') };

/** An all-day task covers whole days: its start and end move to the day's first and last second. */
export function normaliseTask(values: Record<string, unknown>) {
  if (!values.all_day) return values;
  const start = storedDay(values.start);
  const end = storedDay(values.end) || start;
  return { ...values, start: start ? `${start} 00:00:00` : values.start, end: end ? `${end} 23:59:59` : values.end };
}

export interface TaskDialogProps {
  mode: FormMode;
  id?: number;
  /** A new task's values (the selected slot). */
  defaults?: Record<string, unknown>;
  onClose: () => void;
  /** After a save or a delete. */
  onChanged: () => void;
}

export function TaskDialog({ mode, id, defaults, onClose, onChanged }: TaskDialogProps) {
  const done = () => { onChanged(); onClose(); };
  const form = (
    <SimpleForm noValidate
      validate={validators[mode]}
      toolbar={<TaskToolbar creating={mode === 'create'} onCancel={onClose} onDeleted={done} />}
      sx={{ '& .MuiFormControl-root': { mt: 0 } }}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
        <Box sx={{ gridColumn: '1 / -1' }}><TextInput source="title" label={label('title')} fullWidth helperText={false} /></Box>
        <TextInput source="location" label={label('location')} fullWidth helperText={false} />
        <TextInput source="attendees" label={label('attendees')} fullWidth helperText={false} />
        <Box sx={{ mb: 2 }}><DateTimeInput source="start" label={label('start')} /></Box>
        <Box sx={{ mb: 2 }}><DateTimeInput source="end" label={label('end')} /></Box>
        <Box sx={{ gridColumn: '1 / -1' }}><BooleanInput source="all_day" label={label('all_day')} helperText={false} /></Box>
        <ColourInput source="bg_color" label={label('bg_color')} />
        <ColourInput source="border_color" label={label('border_color')} />
      </Box>
    </SimpleForm>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      aria-labelledby="task-dialog-title"
      PaperProps={{ sx: { minWidth: { xs: '95vw', sm: 560 }, maxWidth: '95vw' } }}
    >
      <DialogTitle id="task-dialog-title" sx={{ pr: 6 }}>
        {mode === 'create' ? 'Nueva tarea' : 'Editar tarea'}
        <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ p: 0 }}>
        {mode === 'create' ? (
          <CreateBase
            resource="task"
            redirect={false}
            record={{ ...missingValues(task), ...DEFAULT_COLOURS, ...defaults }}
            transform={normaliseTask}
            mutationOptions={{ onSuccess: done }}
          >
            {form}
          </CreateBase>
        ) : (
          <StoredEditBase
            resource="task"
            id={id}
            redirect={false}
            mutationMode="pessimistic"
            transform={normaliseTask}
            mutationOptions={{ onSuccess: done }}
            loading="Cargando la tarea"
            onClose={onClose}
          >
            {form}
          </StoredEditBase>
        )}
      </DialogContent>
    </Dialog>
  );
}

function TaskToolbar({ creating, onCancel, onDeleted }: { creating: boolean; onCancel: () => void; onDeleted: () => void }) {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ display: 'flex', gap: 1 }}>
      {/* A new task can be submitted untouched, so that the form says what is missing. */}
      <SaveButton label="Guardar" alwaysEnable={creating || undefined} />
      {/* The toolbar's own dark text: the primary blue on its grey is too faint (axe color-contrast). */}
      <Button color="inherit" onClick={onCancel}>Cancelar</Button>
      <Box sx={{ flex: 1 }} />
      {!creating && record && (
        <DeleteButton resource="task" record={record} mutationMode="pessimistic" redirect={false}
          confirmTitle="Borrar tarea" confirmContent="¿Seguro que quiere borrar esta tarea? Esta acción no se puede deshacer."
          mutationOptions={{ onSuccess: onDeleted }} />
      )}
    </Toolbar>
  );
}

/** A colour (#rrggbb) chosen in the browser's colour picker. */
function ColourInput({ source, label: text }: { source: string; label: string }) {
  const { field, fieldState, formState } = useInput({ source });
  const shown = (fieldState.isTouched || formState.isSubmitted) && fieldState.invalid;
  const value
    = typeof field.value === 'string' && /^#[0-9a-fA-F]{6}$/.test(field.value)
      ? field.value
      : (DEFAULT_COLOURS[source as keyof typeof DEFAULT_COLOURS] ?? '#000000');
  return (
    <TextField
      type="color" label={text} name={field.name} value={value} fullWidth
      onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur}
      error={shown} helperText={shown ? errorText(fieldState.error) : undefined}
      sx={{ '& input[type=color]': { height: 26, padding: '24px 12px 6px', cursor: 'pointer' } }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': text } }}
    />
  );
}
