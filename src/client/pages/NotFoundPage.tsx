import { useLayoutEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { removeAppShell } from '../layout/appShell';

export default function NotFoundPage() {
  // An unknown address opened with a session had index.html's picture of the frame (layout/appShell.ts).
  useLayoutEffect(removeAppShell, []);
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 2 }}
    >
      <Typography variant="h2" component="p" color="primary">
        404
      </Typography>
      <Typography variant="h5" component="h1">
        Página no encontrada
      </Typography>
      <Typography color="text.secondary">La página que busca no existe o no tiene permiso para verla.</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Volver al inicio
      </Button>
    </Box>
  );
}
