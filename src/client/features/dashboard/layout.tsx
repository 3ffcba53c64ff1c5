/** The dashboard's page frame and grid: one column on a phone, two or three on wider screens. */
import type { ReactNode } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { PageLoading } from '../../components/PageLoading';

export function DashboardFrame({
  title,
  failed,
  loading,
  children,
}: {
  title: string;
  failed?: boolean;
  loading: boolean;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {failed ? (
        <Alert severity="error">No se han podido cargar los datos del panel. Inténtelo de nuevo más tarde.</Alert>
      ) : loading ? (
        <PageLoading />
      ) : (
        children
      )}
    </Box>
  );
}

export const Grid = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gap: 2,
      gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
    }}
  >
    {children}
  </Box>
);

export const Wide = ({ children }: { children: ReactNode }) => (
  <Box sx={{ gridColumn: { xs: 'auto', md: '1 / -1' }, minWidth: 0 }}>{children}</Box>
);
