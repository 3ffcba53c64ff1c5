/** A page, or a part of one, whose first read is on its way: without react-admin's `Loading` (LightApp.tsx). */
import { Box, CircularProgress } from '@mui/material';

export function PageLoading() {
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <CircularProgress aria-label="Cargando" />
    </Box>
  );
}
