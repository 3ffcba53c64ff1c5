/** "Who has read it": every user an announcement is addressed to, with the day and time it was opened or "No leído". */
import {
  Alert, Dialog, DialogContent, DialogTitle, IconButton, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { AnnouncementReader } from '../../../shared/announcementAnswers';
import { formatDateTime } from '../../../shared/format';
import { stackedOnPhone } from '../../components/stackedOnPhone';
import { useApiQuery } from '../../providers/query';
import { readersOf } from './announcementApi';

export function ReadersDialog({ announcement, onClose }: { announcement: { id: number; title: string }; onClose: () => void }) {
  const query = useApiQuery(['announcement', announcement.id, 'readers'], () => readersOf(announcement.id));
  const readers: AnnouncementReader[] | null = query.data ?? null;
  const failed = query.isError;
  const read = readers?.filter((r) => r.read_at).length ?? 0;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="readers-title">
      <DialogTitle id="readers-title" sx={{ pr: 6, overflowWrap: 'anywhere' }}>
        Lecturas de «{announcement.title}»
        <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {failed && <Alert severity="error">No se han podido cargar las lecturas</Alert>}
        {!readers && !failed && <LinearProgress aria-label="Cargando" />}
        {readers && (
          <>
            <Typography sx={{ mb: 1 }} data-testid="readers-summary">
              Leído por {read} de {readers.length}
            </Typography>
            {readers.length === 0 ? (
              <Typography color="text.secondary">Este anuncio no va dirigido a ningún usuario activo</Typography>
            ) : (
              <Table size="small" aria-label="Lecturas del anuncio" sx={stackedOnPhone}>
                <TableHead>
                  <TableRow>
                    <TableCell>Usuario</TableCell>
                    <TableCell>Cliente</TableCell>
                    <TableCell>Leído</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {readers.map((r) => (
                    <TableRow key={r.user_id}>
                      <TableCell>
                        {r.name}{' '}
                        <Typography component="span" variant="body2" color="text.secondary">
                          ({r.username})
                        </Typography>
                      </TableCell>
                      <TableCell data-label="Cliente">{r.client_name ?? 'Personal'}</TableCell>
                      <TableCell data-label="Leído">{r.read_at ? formatDateTime(r.read_at) : 'No leído'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
