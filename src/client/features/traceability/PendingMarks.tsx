/**
 * What «Escanear» shows of the marks kept on the phone with no network (common/offlineMarks.ts): the sentence once
 * a mark is kept, and «Pendientes», the marks still to send and those the server refused, with its reason
 * and «Descartar». The list is always in view while it has marks: nothing kept on the phone is hidden.
 */
import { Alert, Box, Button, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { formatDateTime } from '../../../shared/format';
import type { OfflineMark, SavedNotice } from '../../common/offlineMarks';

const marksText = (n: number) => (n === 1 ? '1 marca' : `${n} marcas`);

/** The large confirmation that a mark was kept on the phone, as «Hecho» is for a mark sent. */
export function OfflineSaved({ notice }: { notice: SavedNotice }) {
  return (
    <Box
      role="status"
      data-testid="scan-offline-saved"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2, borderRadius: 1, bgcolor: 'warning.light', color: 'common.black' }}
    >
      <CloudOffIcon sx={{ fontSize: 48 }} />
      <Box>
        <Typography component="p" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' }, fontWeight: 700, lineHeight: 1.2 }}>
          {notice.message}
        </Typography>
        <Typography component="p">Código {notice.code}</Typography>
      </Box>
    </Box>
  );
}

const markLabel = (mark: OfflineMark) => `${mark.code}${mark.step_name ? ` · ${mark.step_name}` : ''}`;

/** «Pendientes»: the marks to send (with how many) and the refused ones, each with its reason and «Descartar». */
export function PendingMarks({ waiting, refused, onDismiss }: {
  waiting: OfflineMark[];
  refused: OfflineMark[];
  onDismiss: (key: string) => void;
}) {
  if (!waiting.length && !refused.length) return null;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="pending-marks-title"
      data-testid="pending-marks"
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Typography id="pending-marks-title" component="h2" variant="h6">
        Pendientes
      </Typography>
      <Typography data-testid="pending-count">
        {waiting.length
          ? `${marksText(waiting.length)} sin enviar: se enviarán al volver la red.`
          : 'Ninguna marca sin enviar.'}
        {refused.length > 0 && ` ${marksText(refused.length)} no ${refused.length === 1 ? 'aceptada' : 'aceptadas'} por el servidor.`}
      </Typography>
      <List dense disablePadding>
        {[...refused, ...waiting].map((mark) => (
          <ListItem
            key={mark.key}
            data-testid="pending-mark"
            data-code={mark.code}
            divider
            disableGutters
            sx={{ flexWrap: 'wrap', gap: 1 }}
          >
            <ListItemText
              primary={markLabel(mark)}
              secondary={`Hecho el ${formatDateTime(mark.made_at)}`}
              slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
            />
            {mark.refused ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', width: '100%' }}>
                <Alert severity="error" sx={{ flex: 1, py: 0 }} data-testid="pending-reason">
                  No enviada: {mark.refused}
                </Alert>
                <Button variant="outlined" onClick={() => onDismiss(mark.key)} aria-label={`Descartar la marca ${markLabel(mark)}`}>
                  Descartar
                </Button>
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>Sin enviar</Typography>
            )}
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
