/**
 * The check-in buttons of the top bar, for staff (admin, taller): every step the worker may take now,
 * each a button of its own, the usual one first («Fichar salida» and «Iniciar pausa» while working).
 * On a phone the bar keeps room for the page's title: it shows the usual step, and «Mi registro» shows
 * them all, large (CheckInPanel). The server takes the time and answers the new state.
 */
import { Box, Button, type ButtonProps } from '@mui/material';
import Timer from '@mui/icons-material/Timer';
import { useCheckIn } from './useCheckIn';

const STEP: ButtonProps = { variant: 'contained', color: 'secondary', size: 'small', disableElevation: true };

export function CheckInButton() {
  const checkIn = useCheckIn({ lastReadFirst: true });
  if (!checkIn) return null;
  const { status, state, busy, run, confirmation } = checkIn;
  const [main, ...others] = status.actions;
  return (
    <>
      {/*
        MUI's ButtonGroup as it looks (one block, a line between the steps), drawn here: one component less
        on every page's first load (issue 46).
      */}
      <Box
        role="group"
        title={`${state} · hoy ${status.today} h`}
        aria-label={`Fichaje: ${state}`}
        sx={{
          'display': 'inline-flex',
          'flexShrink': 0,
          'borderRadius': 1,
          'overflow': 'hidden',
          '& .MuiButton-root': { whiteSpace: 'nowrap', bgcolor: '#005f73', borderRadius: 0 },
          '& .MuiButton-root + .MuiButton-root': { borderLeft: '1px solid rgba(0, 0, 0, 0.3)' },
        }}
      >
        <Button {...STEP} startIcon={<Timer />} disabled={busy} onClick={() => run(main.kind)} data-testid="check-in-main">
          {main.label}
        </Button>
        {others.map((action) => (
          <Button
            key={action.kind}
            {...STEP}
            disabled={busy}
            onClick={() => run(action.kind)}
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            {action.label}
          </Button>
        ))}
      </Box>
      {confirmation}
    </>
  );
}
