/** Password recovery (modal "recuperar-pass"): the form, then a confirmation; "Volver" closes it. */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { Form, TextInput } from 'react-admin';
import { Texts } from '../../shared/codes';
import { recoveryForm } from '../../../schemas/auth';
import { zodValidate } from '../components/zodForm';
import { api } from '../providers/http';

export function RecoveryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const close = () => { onClose(); setTimeout(() => setSent(false), 300); };

  const submit = async (values: Record<string, unknown>) => {
    setSending(true);
    const form = new FormData();
    form.append('identity', String(values.identity).trim());
    try {
      await api('/api/external/forgotPassword', { form, silent: true });
      setSent(true);
    } catch {
      // Refusals (rate limit, network) were notified by the HTTP layer.
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} PaperProps={{ sx: { width: 460, maxWidth: '95vw' } }}>
      <DialogTitle>Recuperar contraseña</DialogTitle>
      {sent ? (
        <>
          <DialogContent><Typography data-testid="recovery-sent">{Texts.recoverySent}</Typography></DialogContent>
          <DialogActions><Button onClick={close}>Volver</Button></DialogActions>
        </>
      ) : (
        <Form onSubmit={submit} validate={zodValidate(recoveryForm)}>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2 }}>Escriba el correo electrónico de su cuenta y le enviaremos un enlace para elegir una contraseña nueva.</Typography>
            <TextInput source="identity" label="Correo electrónico" type="email" fullWidth autoFocus />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Volver</Button>
            <Button type="submit" variant="contained" disabled={sending}>Enviar</Button>
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}
