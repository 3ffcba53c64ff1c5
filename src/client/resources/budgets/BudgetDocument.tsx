/** The budget PDF of a calculation: "Descargar PDF" and "Enviar por email" (to the buyer, or another address). */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import PdfIcon from '@mui/icons-material/PictureAsPdf';
import { Msg } from '../../../shared/messages';
import { email as emailRule } from '../../../shared/validation';
import { saveBlob } from '../../providers/files';
import { fieldErrorsOf } from '../../providers/http';
import { fetchBudgetDocument, sendDocument } from './budgetApi';

/** Fetched with the session cookie, then handed to the browser as a file. */
export function DownloadPdfButton({ budgetId, calculusId }: { budgetId: number; calculusId: number }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchBudgetDocument(calculusId), `presupuesto-${budgetId}-${calculusId}.pdf`);
    } catch {
      // Notified by the HTTP layer.
    } finally {
      setBusy(false);
    }
  };
  return <Button startIcon={<PdfIcon />} onClick={download} disabled={busy}>Descargar PDF</Button>;
}

const optionalEmail = emailRule(null, Msg.emailInvalid);

export function SendDocumentDialog({
  calculusId,
  buyerEmail,
  onClose,
}: {
  calculusId: number;
  buyerEmail: string | null;
  onClose: () => void;
}) {
  const [address, setAddress] = useState(buyerEmail ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const checked = optionalEmail.safeParse(address);
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    if (!checked.data && !buyerEmail) return setError(Msg.buyerEmailMissing);
    setBusy(true);
    try {
      await sendDocument(calculusId, checked.data ?? undefined);
      onClose();
    } catch (failure) {
      setError(fieldErrorsOf(failure)?.email);
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} PaperProps={{ sx: { width: 500, maxWidth: '95vw' } }} aria-labelledby="send-document-title">
      <DialogTitle id="send-document-title">Enviar por email</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Se enviará el presupuesto en PDF a esta dirección.
        </Typography>
        <TextField
          label="Email"
          type="email"
          value={address}
          onChange={(e) => {
            setAddress(e.target.value);
            setError(undefined);
          }}
          error={!!error}
          helperText={error}
          fullWidth
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={send} disabled={busy}>
          Enviar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
