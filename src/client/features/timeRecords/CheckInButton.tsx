/**
 * The check-in buttons of the top bar, for staff (admin, taller): every step the worker may take now,
 * each a button of its own, the usual one first («Fichar salida» and «Iniciar pausa» while working).
 * On a phone the bar keeps room for the page's title: it shows the usual step, and «Mi registro» shows
 * them all, large (CheckInPanel). The server takes the time and answers the new state.
 */
import { Button, ButtonGroup } from '@mui/material';
import Timer from '@mui/icons-material/Timer';
import { useCheckIn } from './useCheckIn';

export function CheckInButton() {
  const checkIn = useCheckIn({ lastReadFirst: true });
  if (!checkIn) return null;
  const { status, state, busy, run, confirmation } = checkIn;
  const [main, ...others] = status.actions;
  return (
    <>
      <ButtonGroup
        variant="contained"
        color="secondary"
        size="small"
        disableElevation
        title={`${state} · hoy ${status.today} h`}
        aria-label={`Fichaje: ${state}`}
        sx={{ 'flexShrink': 0, '& .MuiButton-root': { whiteSpace: 'nowrap', bgcolor: '#005f73' } }}
      >
        <Button startIcon={<Timer />} disabled={busy} onClick={() => run(main.kind)} data-testid="check-in-main">
          {main.label}
        </Button>
        {others.map((action) => (
          <Button key={action.kind} disabled={busy} onClick={() => run(action.kind)} sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            {action.label}
          </Button>
        ))}
      </ButtonGroup>
      {confirmation}
    </>
  );
}
