/**
 * "Correos": what the product has mailed, newest first, with its state (the outbox). A mail that could
 * not be sent after every attempt is shown with the last error, and "Reintentar" puts it back in the queue.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { useGetOne, useRefresh } from 'react-admin';
import { mailOutbox } from '../../../../schemas/mailOutbox';
import { formatDateTime } from '../../../shared/format';
import { MAIL_STATUSES } from '../../../shared/mailTemplates';
import { mailTemplateContracts } from '../../../shared/contracts/mailTemplates';
import { call } from '../../providers/http';
import { ResourcePage } from '../generated/ResourcePage';

const statusLabel = (status: unknown) => MAIL_STATUSES.find((s) => s.value === status)?.label ?? String(status ?? '');

interface OutboxRecord {
  id: number; created_at: string; recipient: string; subject: string; status: string; attempts: number;
  sent_at: string | null; next_attempt_at: string; last_error: string | null;
}

function MailDetail({ id, onClose }: { id: number; onClose: () => void }) {
  // A mail still in the queue is read again every few seconds, so the dialog shows it leave.
  const { data } = useGetOne<OutboxRecord>(
    'mailOutbox',
    { id },
    { refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false) },
  );
  const refresh = useRefresh();
  // The list behind shows the state the dialog ends with.
  const close = () => { refresh(); onClose(); };
  const [busy, setBusy] = useState(false);

  const retry = async () => {
    setBusy(true);
    try {
      // The server says it in Spanish, either way (20001, or 30001 when it is no longer a failed mail).
      await call(mailTemplateContracts.retry, { params: { id } }, { changes: 'mailOutbox' });
    } catch {
      // Already notified; refused, the mail has changed meanwhile: the list behind shows it as it is now.
      refresh();
    } finally {
      setBusy(false);
    }
  };

  const rows: Array<[string, string]> = data
    ? [
        ['Fecha', formatDateTime(data.created_at)],
        ['Para', data.recipient],
        ['Asunto', data.subject],
        ['Estado', statusLabel(data.status)],
        ['Intentos', String(data.attempts)],
        ...(data.sent_at ? [['Enviado el', formatDateTime(data.sent_at)] as [string, string]] : []),
        ...(data.status === 'pending' ? [['Próximo intento', formatDateTime(data.next_attempt_at)] as [string, string]] : []),
        ...(data.last_error ? [['Último error', data.last_error] as [string, string]] : []),
      ]
    : [];
  return (
    <Dialog open onClose={close} maxWidth="sm" fullWidth>
      <DialogTitle>Correo {id}</DialogTitle>
      <DialogContent>
        <Table size="small" aria-label="Datos del correo">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ width: '35%', fontWeight: 600 }}>{label}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        {data?.status === 'failed' && (
          <Button startIcon={<ReplayIcon />} variant="contained" disabled={busy} onClick={() => void retry()}>Reintentar</Button>
        )}
        <Button onClick={close}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}

export default function MailOutboxPage() {
  return <ResourcePage schema={mailOutbox} renderDetail={(id, close) => <MailDetail id={id} onClose={close} />} />;
}
