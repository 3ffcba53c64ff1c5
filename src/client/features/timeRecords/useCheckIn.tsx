/**
 * Checking in, for the top bar's buttons and the worker's own page: where the worker stands (the
 * server's answer), every step it may take next, and «Fichar salida» asked once more, since it ends the
 * day and entries are never undone.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hasAnyRole } from '../../../shared/permissions';
import { STAFF } from '../../../shared/roles';
import { isTimeEntryKind, madridTime, STATE_LABELS, type TimeEntryKind } from '../../../shared/timeRecords';
import type { CheckInStatus } from '../../../shared/timeRecordAnswers';
import { lastHint, rememberHint } from '../../providers/token';
import { useRoles, useSession } from '../../providers/useSession';
import { useApiQuery } from '../../providers/query';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { checkIn, fetchStatus, timeRecordKeys } from './timeRecordsApi';

export interface CheckIn {
  status: CheckInStatus;
  /** «Trabajando desde las 08:02», «Sin fichar». */
  state: string;
  busy: boolean;
  /** Writes the step; «out» first asks. */
  run: (kind: TimeEntryKind) => void;
  /** The question before «out»: render it once beside the buttons. */
  confirmation: React.ReactNode;
}

/** The worker's state last read in this browser (providers/token.ts: hints), if it still reads as one. */
const CHECK_IN_HINT = 'checkIn';

/**
 * Whether a kept state still holds what the top bar shows from it (its words, its steps, today's hours): one
 * written by an older version of the app may not, and is dropped. Only a hint: the answer replaces it.
 */
const isShownState = (value: unknown): value is CheckInStatus => {
  const hint = value as Partial<Record<keyof CheckInStatus, unknown>> | null;
  return typeof hint === 'object' && hint !== null
    && typeof hint.state === 'string' && hint.state in STATE_LABELS
    && typeof hint.label === 'string' && typeof hint.today === 'string'
    && (hint.since === null || typeof hint.since === 'string')
    && Array.isArray(hint.actions)
    && hint.actions.every((action: { kind?: unknown; label?: unknown }) =>
      isTimeEntryKind(action?.kind) && typeof action.label === 'string');
};

function lastStatus(): CheckInStatus | undefined {
  try {
    const hint: unknown = JSON.parse(lastHint(CHECK_IN_HINT) ?? 'null');
    return isShownState(hint) ? hint : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Null for anyone who does not check in (members), or before the first answer. With `lastReadFirst` (the
 * top bar), the last state read in this browser shows until the answer, its steps disabled: the buttons
 * take their width from the first paint instead of pushing the bar's banners aside when it arrives (issue 46).
 */
export function useCheckIn({ lastReadFirst = false } = {}): CheckIn | null {
  const session = useSession();
  // The state is read once the session is known; the last one shows meanwhile to whom the last session's
  // roles say checks in (the top bar's banners show on those roles too, and would otherwise be pushed aside).
  const staff = !!session && hasAnyRole(session.roles, STAFF);
  const roles = useRoles();
  const shownToStaff = !!roles && hasAnyRole(roles, STAFF);
  const queryClient = useQueryClient();
  // A refused read (silent) keeps the last state; none yet, no buttons.
  const { data: read, refetch } = useApiQuery(timeRecordKeys.status, fetchStatus, staff);
  useEffect(() => {
    if (read) rememberHint(CHECK_IN_HINT, JSON.stringify(read));
  }, [read]);
  const [hinted] = useState(() => (lastReadFirst ? lastStatus() : undefined));
  const status = read ?? hinted;
  const [asking, setAsking] = useState(false);

  // A correction or a check-in in another tab changes the state: read it again when the tab comes back.
  useEffect(() => {
    if (!staff) return undefined;
    const reload = () => { void refetch(); };
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [staff, refetch]);

  const { mutate, isPending } = useMutation({
    mutationFn: checkIn,
    // The server answers the new state.
    onSuccess: (next) => { queryClient.setQueryData(timeRecordKeys.status, next); },
    // Refused (e.g. already checked in from another tab): the notice says why; show where we stand now.
    onError: () => queryClient.refetchQueries({ queryKey: timeRecordKeys.status }),
  });

  if (!shownToStaff || !status) return null;
  const busy = isPending || !read;
  const state = status.since ? `${status.label} desde las ${madridTime(new Date(status.since))}` : status.label;
  const run = (kind: TimeEntryKind) => (kind === 'out' ? setAsking(true) : mutate(kind));
  const confirmation = (
    <ConfirmDialog
      isOpen={asking}
      title="¿Fichar la salida?"
      confirm="Fichar salida"
      cancel="Cancelar"
      content={
        `Su jornada de hoy terminará ahora (${madridTime(new Date())}). `
        + 'Una salida fichada no se puede deshacer: sólo la oficina puede corregirla.'
      }
      onConfirm={() => {
        setAsking(false);
        mutate('out');
      }}
      onClose={() => setAsking(false)}
    />
  );
  return { status, state, busy, run, confirmation };
}
