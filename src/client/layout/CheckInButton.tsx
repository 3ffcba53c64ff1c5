/**
 * The check-in button of the top bar, for staff (admin, taller): the usual next step as the button
 * («Fichar entrada», «Iniciar pausa»…), the other possible step in its menu («Fichar salida» beside
 * «Iniciar pausa» while working). The server takes the time and answers the new state; pages showing
 * the record read it again (their queries are invalidated).
 */
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, ButtonGroup, Menu, MenuItem } from '@mui/material';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Timer from '@mui/icons-material/Timer';
import { hasAnyRole } from '../../shared/permissions';
import { STAFF } from '../../shared/roles';
import type { TimeEntryKind } from '../../shared/timeRecords';
import { madridTime } from '../../shared/timeRecords';
import { checkIn, fetchStatus, timeRecordKeys } from '../features/timeRecords/timeRecordsApi';
import { useApiQuery } from '../providers/query';
import { useSession } from './useSession';

export function CheckInButton() {
  const session = useSession();
  const staff = !!session && hasAnyRole(session.roles, STAFF);
  const queryClient = useQueryClient();
  // A refused read (silent) keeps the last state; none yet, no button.
  const { data: status, refetch } = useApiQuery(timeRecordKeys.status, fetchStatus, staff);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const group = useRef<HTMLDivElement>(null);

  // A correction or a check-in in another tab changes the state: read it again when the tab comes back.
  useEffect(() => {
    if (!staff) return undefined;
    const reload = () => { void refetch(); };
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [staff, refetch]);

  const { mutate, isPending: busy } = useMutation({
    mutationFn: checkIn,
    // The server answers the new state.
    onSuccess: (next) => { queryClient.setQueryData(timeRecordKeys.status, next); },
    // Refused (e.g. already checked in from another tab): the notice says why; show where we stand now.
    onError: () => queryClient.refetchQueries({ queryKey: timeRecordKeys.status }),
  });

  if (!staff || !status) return null;
  const [main, ...others] = status.actions;
  const state = status.since ? `${status.label} desde las ${madridTime(new Date(status.since))}` : status.label;

  const run = (kind: TimeEntryKind) => {
    setAnchor(null);
    mutate(kind);
  };

  return (
    <>
      <ButtonGroup ref={group} variant="contained" color="secondary" size="small" disableElevation title={`${state} · hoy ${status.today} h`}
        aria-label={`Fichaje: ${state}`} sx={{ 'flexShrink': 0, '& .MuiButton-root': { whiteSpace: 'nowrap', bgcolor: '#005f73' } }}>
        <Button startIcon={<Timer />} disabled={busy} onClick={() => run(main.kind)} data-testid="check-in-main">{main.label}</Button>
        {others.length > 0 && (
          <Button aria-label="Más opciones de fichaje" aria-haspopup="menu" disabled={busy} onClick={() => setAnchor(group.current)} sx={{ px: 0.5, minWidth: 0 }}>
            <ArrowDropDown />
          </Button>
        )}
      </ButtonGroup>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {others.map((action) => <MenuItem key={action.kind} onClick={() => run(action.kind)}>{action.label}</MenuItem>)}
      </Menu>
    </>
  );
}
