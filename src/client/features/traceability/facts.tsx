/** A term and its value in a list of facts (`<dl>`), as the item's page and «Escanear» show an item. */
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** dd/MM/yyyy of a calendar day sent as yyyy-MM-dd[ HH:mm:ss], whatever the browser's time zone. */
export function calendarDay(value: string | null | undefined) {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

export function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">{term}</Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0 }} data-testid={testId}>{children}</Typography>
    </Box>
  );
}

export const facts = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.5, m: 0, mb: 2 };
