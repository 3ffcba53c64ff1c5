/**
 * The office's kiosk links to the production board (issue 44), on «Configuración › Trazabilidad»: a screen
 * on the workshop wall opens /tablero/{key} without a personal session. A new link's address shows once
 * (only its key's SHA-256 is kept); the list shows each link's name and creation date, and «Revocar» stops
 * it at once, its open screen included.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, List, ListItem, ListItemText, Paper, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { Confirm } from 'react-admin';
import { productionBoardContracts as contract } from '../../../shared/contracts/productionBoard';
import { formatDateTime } from '../../../shared/format';
import type { BoardLink } from '../../../shared/productionBoard';
import { call } from '../../providers/http';
import { useApiQuery } from '../../providers/query';

const KEY = ['boardLinks'];
const formRow = { display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' } as const;

export function BoardLinks() {
  const { data: links } = useApiQuery(KEY, () => call(contract.boardLinks));
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [made, setMade] = useState<{ name: string; address: string } | null>(null);
  const [revoking, setRevoking] = useState<BoardLink | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const link = await call(contract.createBoardLink, { body: { name } }, { changes: 'boardLinks', silent: true });
      setMade({ name: link.name, address: `${window.location.origin}/tablero/${link.key}` });
      setName('');
      setError('');
    } catch (refusal) {
      setError(refusal instanceof Error ? refusal.message : 'No se ha podido crear el enlace');
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    const link = revoking;
    setRevoking(null);
    if (link) await call(contract.revokeBoardLink, { params: { id: link.id } }, { changes: 'boardLinks' }).catch(() => undefined);
  };

  return (
    <Paper component="section" aria-labelledby="board-links" variant="outlined" sx={{ p: 2, mt: 3 }}>
      <Typography id="board-links" component="h2" variant="h6">Enlaces de pantalla del tablero</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Una pantalla del taller sin sesión abre el tablero de producción con su enlace, y sólo el tablero. Revocar un enlace
        lo deja sin efecto al momento.
      </Typography>
      {links && links.length > 0 ? (
        <List dense aria-label="Enlaces de pantalla" sx={{ mb: 2 }}>
          {links.map((link) => (
            <ListItem
              key={link.id}
              divider
              secondaryAction={<Button color="error" onClick={() => setRevoking(link)}>Revocar</Button>}
            >
              <ListItemText
                primary={link.name}
                secondary={`Creado el ${formatDateTime(link.created_at)}${link.created_by ? ` por ${link.created_by}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        links && <Typography sx={{ mb: 2 }}>No hay enlaces de pantalla.</Typography>
      )}
      {made && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="board-link-made">
          <Typography sx={{ fontWeight: 600 }}>Enlace de «{made.name}» creado. Cópielo ahora: no se volverá a mostrar.</Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
            <TextField
              label="Dirección para la pantalla"
              value={made.address}
              size="small"
              sx={{ flex: '1 1 280px' }}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <Button startIcon={<ContentCopy />} onClick={() => void navigator.clipboard?.writeText(made.address)}>Copiar</Button>
          </Box>
        </Alert>
      )}
      <Box component="form" onSubmit={create} aria-label="Nuevo enlace de pantalla" sx={formRow}>
        <TextField
          label="Dónde está la pantalla"
          value={name}
          onChange={(e) => setName(e.target.value)}
          size="small"
          error={!!error}
          helperText={error || 'Por ejemplo, «Pared del taller»'}
          sx={{ flex: '1 1 240px' }}
        />
        <Button type="submit" variant="contained" startIcon={<Add />} disabled={busy}>Crear enlace</Button>
      </Box>
      <Confirm
        isOpen={!!revoking}
        title={`¿Revocar el enlace «${revoking?.name ?? ''}»?`}
        content="La pantalla que lo usa dejará de mostrar el tablero al momento."
        confirm="Revocar"
        cancel="Cancelar"
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}
