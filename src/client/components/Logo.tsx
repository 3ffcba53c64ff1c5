import { Box } from '@mui/material';
import PoolIcon from '@mui/icons-material/Pool';

export function Logo({ compact, light }: { compact?: boolean; light?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: light ? 'inherit' : 'primary.main', fontWeight: 700, fontSize: 18 }}>
      <PoolIcon />
      {!compact && <span>Cobertores</span>}
    </Box>
  );
}
