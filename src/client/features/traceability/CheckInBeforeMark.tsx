/**
 * Issue 44 §4, the day adds up: a worker who clocks in and has not clocked in yet is asked before a
 * production step is marked, so that the time record and the production record agree. «Fichar entrada y
 * marcar» does both in one call (the server clocks in and marks in one transaction, checking again where
 * the worker stands). «Marcar sin fichar» is kept: a worker who started earlier and forgot to clock in should
 * not have the day start now; the mark then shows in the office's month of the worker, which adds the
 * forgotten entry. Nobody who does not clock in is asked (a client member cannot mark; an office user who has
 * not clocked in lately does not keep a record: the server's `clocks_in`), and with no network nothing is
 * asked: the mark is kept on the phone as it is.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import Timer from '@mui/icons-material/Timer';
import { hasAnyRole } from '../../../shared/permissions';
import { STAFF } from '../../../shared/roles';
import { madridTime } from '../../../shared/timeRecords';
import { useApiQuery } from '../../providers/query';
import { useSession } from '../../providers/useSession';
import { fetchStatus, timeRecordKeys } from '../timeRecords/timeRecordsApi';

export const CHECK_IN_QUESTION = 'No ha fichado la entrada hoy: ¿fichar ahora y marcar el paso?';

type Mark = (checkIn: boolean) => unknown;

// Large, one under another on a phone: tapped with gloves.
const big = { py: 1.25, fontSize: '1.05rem' };
const actions = {
  'flexDirection': { xs: 'column', sm: 'row' },
  'alignItems': 'stretch',
  'gap': 1,
  'px': 3,
  'pb': 2,
  // MUI spaces the buttons with a left margin, which a column does not want.
  '& > :not(style) ~ :not(style)': { ml: 0 },
} as const;

/**
 * `confirmMark(mark)` runs `mark(false)` at once, or first asks a worker who is not clocked in, and runs
 * `mark(true)` (clock in and mark) or `mark(false)` as chosen; `dialog` is the question, rendered once.
 */
export function useCheckInBeforeMark(): { confirmMark: (mark: Mark) => void; dialog: React.ReactNode } {
  const session = useSession();
  const staff = !!session && hasAnyRole(session.roles, STAFF);
  // The top bar's own read of where the worker stands (the same query): a check-in there is seen here.
  const { data: status } = useApiQuery(timeRecordKeys.status, fetchStatus, staff);
  const [asking, setAsking] = useState<Mark | null>(null);

  const confirmMark = (mark: Mark) => {
    if (status?.state === 'out' && status.clocks_in && navigator.onLine) setAsking(() => mark);
    else void mark(false);
  };
  const choose = (checkIn: boolean) => {
    const mark = asking;
    setAsking(null);
    if (mark) void mark(checkIn);
  };
  const dialog = (
    <Dialog open={!!asking} onClose={() => setAsking(null)} aria-labelledby="check-in-before-mark" data-testid="check-in-before-mark">
      <DialogTitle id="check-in-before-mark">{CHECK_IN_QUESTION}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Fichar ahora empieza su jornada a las {madridTime(new Date())}. Si empezó antes, marque sin fichar y pida a la
          oficina que añada su entrada a la hora en que llegó.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={actions}>
        <Button variant="contained" startIcon={<Timer />} onClick={() => choose(true)} autoFocus sx={big}>
          Fichar entrada y marcar
        </Button>
        <Button variant="outlined" onClick={() => choose(false)} sx={big}>
          Marcar sin fichar
        </Button>
        <Button onClick={() => setAsking(null)} sx={big}>
          Cancelar
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { confirmMark, dialog };
}
