/**
 * Password recovery (modal "recuperar-pass"): the form, then a confirmation; "Volver" closes it. No react-admin: the light login page holds
 * it.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { Texts } from '../../shared/codes';
import { Msg } from '../../shared/messages';
import { authContracts } from '../../shared/contracts/auth';
import { call } from '../providers/http';
import { recoveryForm } from '../../shared/forms/auth';
import { fieldErrors } from '../../shared/fieldErrors';

export function RecoveryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [identity, setIdentity] = useState('');
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const close = () => { onClose(); setTimeout(() => { setSent(false); setRefusal(undefined); setIdentity(''); setTouched(false); }, 300); };

  const checked = recoveryForm.safeParse({ identity });
  const error = touched && !checked.success ? fieldErrors(checked.error).identity : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!checked.success) return;
    setSending(true);
    setRefusal(undefined);
    try {
      await call(authContracts.forgotPassword, { body: { identity: identity.trim() } }, { silent: true, changes: 'resetCode' });
      setSent(true);
    } catch (failure) {
      // Silent call: the dialog itself says why (too many attempts, no connection), where the user looks.
      setRefusal(failure instanceof Error && failure.message ? failure.message : Msg.internal);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} PaperProps={{ sx: { width: 460, maxWidth: '95vw' } }}>
      <DialogTitle>Recuperar contraseña</DialogTitle>
      {sent ? (
        <>
          <DialogContent>
            <Typography data-testid="recovery-sent">{Texts.recoverySent}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Volver</Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={submit}>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2 }}>
              Escriba el correo electrónico de su cuenta y le enviaremos un enlace para elegir una contraseña nueva.
            </Typography>
            {refusal && (
              <Alert severity="warning" sx={{ mb: 2 }} role="alert">
                {refusal}
              </Alert>
            )}
            <TextField
              name="identity"
              label="Correo electrónico"
              type="email"
              fullWidth
              autoFocus
              variant="filled"
              value={identity}
              onChange={(e) => setIdentity(e.target.value)}
              onBlur={() => setTouched(true)}
              error={!!error}
              helperText={error ?? ' '}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Volver</Button>
            <Button type="submit" variant="contained" disabled={sending}>
              Enviar
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
