/**
 * The worker's check-in on its own page, made for a phone held with gloves on: where it stands and
 * today's worked time, and every step it may take now as a large button of its own.
 */
import { Box, Button, Paper, Typography } from '@mui/material';
import Login from '@mui/icons-material/Login';
import Logout from '@mui/icons-material/Logout';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import type { TimeEntryKind } from '../../../shared/timeRecords';
import { useCheckIn } from './useCheckIn';

const ICONS: Record<TimeEntryKind, React.ReactNode> = { in: <Login />, out: <Logout />, pause_start: <Pause />, pause_end: <PlayArrow /> };

export function CheckInPanel() {
  const checkIn = useCheckIn();
  if (!checkIn) return null;
  const { status, state, busy, run, confirmation } = checkIn;
  return (
    <Paper variant="outlined" component="section" aria-label="Fichar" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" data-testid="check-in-state">
        {state}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Hoy: {status.today} h trabajadas
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {status.actions.map((action, index) => (
          <Button
            key={action.kind}
            size="large"
            variant={index === 0 ? 'contained' : 'outlined'}
            startIcon={ICONS[action.kind]}
            disabled={busy}
            onClick={() => run(action.kind)}
            sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, minHeight: 56 }}
            data-testid={`check-in-panel-${action.kind}`}
          >
            {action.label}
          </Button>
        ))}
      </Box>
      {confirmation}
    </Paper>
  );
}
