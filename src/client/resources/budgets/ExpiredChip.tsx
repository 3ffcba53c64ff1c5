/**
 * "Caducado" beside the expiry of a budget past its date (an ordered one no longer expires), in the budgets
 * list and the budget's header. Drawn as MUI's small error chip looks, without its Chip: the list opens with
 * the least JavaScript before its first row (issue 46).
 */
import { Box } from '@mui/material';

export const ExpiredChip = () => (
  <Box
    component="span"
    sx={{
      display: 'inline-flex',
      alignItems: 'center',
      height: 24,
      px: 1,
      ml: 1,
      borderRadius: '12px',
      bgcolor: 'error.main',
      color: 'error.contrastText',
      fontSize: '0.8125rem',
      whiteSpace: 'nowrap',
      verticalAlign: 'middle',
    }}
  >
    Caducado
  </Box>
);
