/** Staff opening a product list in cart mode without a client: whose cart it is, before anything else. */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Autocomplete, Box, Paper, TextField, Typography } from '@mui/material';
import { client } from '../../../../schemas/client';
import { resourceContracts } from '../../../shared/contracts/records';
import type { SelectOption } from '../../../shared/options';
import { useDebounced } from '../../components/useDebounced';
import { call } from '../../providers/http';
import { useApiQuery } from '../../providers/query';

const clients = resourceContracts(client);
/** Options shown for what is typed: the clients can be thousands, so they are searched, never all read. */
const SHOWN = 50;
const NONE: SelectOption[] = [];

export function CartClientPicker({ title, pathFor }: { title: string; pathFor(clientId: number): string }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  // Sent when the typing pauses; the options found so far stay until the new ones arrive.
  const searched = useDebounced(text.trim(), 250);
  const search = () => call(clients.filteredDropdown, { body: { query: searched, limit: SHOWN } }, {});
  const found = useApiQuery(['client', 'options', searched], search, true, { keepPrevious: true });
  // A refused search (already notified) offers none.
  const options = found.isError ? NONE : found.data ?? NONE;
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Typography variant="h6" component="h2" sx={{ my: 1 }}>
        {title} · carrito
      </Typography>
      <Paper sx={{ p: 2, maxWidth: 520 }}>
        <Typography sx={{ mb: 2 }}>Seleccione el cliente del carrito</Typography>
        <Autocomplete
          options={options}
          loading={text.trim() !== searched || found.isFetching}
          // The server has searched already: the options are shown as they come.
          filterOptions={(shown) => shown}
          getOptionLabel={(o) => o.label}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          onInputChange={(_, value, reason) => reason !== 'reset' && setText(value)}
          onChange={(_, option) => option && navigate(pathFor(option.value))}
          loadingText="Cargando"
          noOptionsText="No coincide ninguna opción"
          renderInput={(params) => <TextField {...params} label="Cliente" />}
        />
      </Paper>
    </Box>
  );
}
