/** The cart's heading: which order, and for staff which client it is for. */
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export function CartHeader({ title, client, children }: { title: string; client?: string | null; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, my: 1, flexWrap: 'wrap' }}>
      <Box>
        <Typography variant="h6" component="h2">{title}</Typography>
        {client && <Typography variant="body2" color="text.secondary">Cliente: {client}</Typography>}
      </Box>
      {children}
    </Box>
  );
}
