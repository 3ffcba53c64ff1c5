/** Staff opening a product list in cart mode without a client: whose cart it is, before anything else. */
import { useNavigate } from 'react-router-dom';
import { Autocomplete, Box, Paper, TextField, Typography } from '@mui/material';
import { clientContracts } from '../../../shared/contracts/clients';
import { call } from '../../providers/http';
import { useApiQuery } from '../../providers/query';

export function CartClientPicker({ title, pathFor }: { title: string; pathFor(clientId: number): string }) {
  const navigate = useNavigate();
  const clients = useApiQuery(['client', 'options'], () => call(clientContracts.dropdown));
  // A refused list (already notified) offers none.
  const options = clients.isError ? [] : clients.data ?? null;
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Typography variant="h6" component="h2" sx={{ my: 1 }}>
        {title} · carrito
      </Typography>
      <Paper sx={{ p: 2, maxWidth: 520 }}>
        <Typography sx={{ mb: 2 }}>Seleccione el cliente del carrito</Typography>
        <Autocomplete
          options={options ?? []}
          loading={options === null}
          getOptionLabel={(o) => o.label}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          onChange={(_, option) => option && navigate(pathFor(option.value))}
          loadingText="Cargando"
          noOptionsText="No coincide ninguna opción"
          renderInput={(params) => <TextField {...params} label="Cliente" />}
        />
      </Paper>
    </Box>
  );
}
