/**
 * An edit form opens on the stored record only. Rendered before the record arrived, a form showed empty
 * fields: what a person typed then was reset when the record came, and a save sent the empty fields.
 * Until the record is there, a progress bar says what loads; if it cannot load (e.g. someone else
 * deleted it), a Spanish message says so and offers a way out, in place of the form.
 */
import { Suspense, useState, type ReactNode } from 'react';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { EditBase, useEditContext, type EditBaseProps } from 'react-admin';
import { readBeforeLastChange } from '../../providers/query';

/** The wording of the generated dialogs (RecordDialog). */
export const LOADING_RECORD = 'Cargando el registro';

export function RecordLoading({ label = LOADING_RECORD }: { label?: string }) {
  return (
    <Box sx={{ p: 3 }}>
      <LinearProgress aria-label={label} />
    </Box>
  );
}

/**
 * Holds a whole form, behind the same progress bar, until the inputs it loads lazily (FieldInput's file
 * and image inputs) have arrived: no field pops in after the others, moving what a person is about to click.
 */
export function FormSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<RecordLoading label="Cargando el formulario" />}>{children}</Suspense>;
}

/** Why there is no form, and a way out: «Cerrar» (a dialog) or «Reintentar» (a page). */
export function RecordLoadFailed({ gone, onClose, onRetry }: { gone: boolean; onClose?: () => void; onRetry?: () => void }) {
  return (
    <Box sx={{ p: 3, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
      <Typography role="alert">
        {gone ? 'Este registro ya no existe: puede que otra persona lo haya borrado.' : 'No se ha podido cargar el registro.'}
      </Typography>
      {onClose ? (
        <Button variant="outlined" onClick={onClose}>Cerrar</Button>
      ) : onRetry ? (
        <Button variant="outlined" onClick={onRetry}>Reintentar</Button>
      ) : null}
    </Box>
  );
}

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/**
 * Inside an EditBase: its children once the stored record is there. A record that is gone (404) shows
 * the message even when a copy was at hand (a list's row): saved, it would only be refused. Any other
 * failure of a later read leaves the form as it is, with what the person typed.
 */
export function StoredRecord({ loading, onClose, children }: { loading?: string; onClose?: () => void; children: ReactNode }) {
  const { record, resource, isPending, error, refetch } = useEditContext();
  // A copy read before a write that changed the resource (a task dragged in the calendar a moment ago) waits
  // for the read that follows: the form would show, and save back, what was there before. Once the form is
  // open, a later write (its own save) never takes it away.
  const [opened, setOpened] = useState(false);
  const outdated = !opened && !!record && readBeforeLastChange(resource, record.id);
  // Noted while rendering (React renders again at once), not in an effect a paint later.
  if (record && !outdated && !opened) setOpened(true);
  if (error && (!record || outdated || statusOf(error) === 404)) {
    return <RecordLoadFailed gone={statusOf(error) === 404} onClose={onClose} onRetry={() => void refetch()} />;
  }
  if (isPending || !record || outdated) return <RecordLoading label={loading} />;
  return children;
}

/**
 * Options of an EditBase whose failure StoredRecord shows: no redirect to a list (a dialog's resource may
 * have none), and no second notification (http.ts has already notified the server's own message).
 */
export const STORED_RECORD_OPTIONS = {
  redirectOnError: false,
  queryOptions: { onError: () => undefined },
} as const satisfies Partial<EditBaseProps>;

/** An EditBase that renders its children only on the stored record (StoredRecord). */
export function StoredEditBase({ loading, onClose, children, ...props }:
  Omit<EditBaseProps, 'loading' | 'error' | 'offline' | 'render' | 'redirectOnError' | 'queryOptions'>
  & { loading?: string; onClose?: () => void }) {
  return (
    <EditBase {...props} {...STORED_RECORD_OPTIONS}>
      <StoredRecord loading={loading} onClose={onClose}>{children}</StoredRecord>
    </EditBase>
  );
}
