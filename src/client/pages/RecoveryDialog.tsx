/** Password recovery (modal "recuperar-pass"): the form, then a confirmation; "Volver" closes it. */
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { Form, TextInput } from 'react-admin';
import { Texts } from '../../shared/codes';
import { Msg } from '../../shared/messages';
import { recoveryForm } from '../../../schemas/auth';
import { zodValidate } from '../components/zodForm';
import { api } from '../providers/http';

export function RecoveryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const close = () => { onClose(); setTimeout(() => { setSent(false); setRefusal(undefined); }, 300); };

  const submit = async (values: Record<string, unknown>) => {
    setSending(true);
    setRefusal(undefined);
    try {
      await api('/api/external/forgotPassword', { body: { identity: String(values.identity).trim() }, silent: true });
      setSent(true);
    } catch (error) {
      // Silent call: the dialog itself says why (too many attempts, no connection), where the user looks.
      setRefusal(error instanceof Error && error.message ? error.message : Msg.internal);
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
        <Form onSubmit={submit} validate={zodValidate(recoveryForm)} noValidate>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2 }}>Escriba el correo electrónico de su cuenta y le enviaremos un enlace para elegir una contraseña nueva.</Typography>
            {refusal && <Alert severity="warning" sx={{ mb: 2 }} role="alert">{refusal}</Alert>}
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
