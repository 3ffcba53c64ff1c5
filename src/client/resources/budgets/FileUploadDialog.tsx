/**
 * The "import budget attached file" and "import payment proof" dialogs (spec §2, §5): a name and one
 * jpeg, png or pdf file. The server judges the file again by its content.
 */
import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormHelperText, TextField, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import { Msg } from '../../../shared/messages';
import { notify } from '../../providers/events';
import { fieldErrorsOf, uploadFile, type FileKind, type StoredFile } from './budgetApi';

/** Spec §5, letter for letter; the field messages are the server's own (Msg). */
export const FileTexts = {
  oneAtATime: 'Solo puede ser subido 1 imagen a la vez',
  allowedExtensions: 'El archivo debe de tener alguna de las siguientes extensiones: .png, .jpg, .pdf',
  oneFile: 'Sólo puede subirse 1 archivo',
} as const;

const ALLOWED_TYPES = ['image/png', 'image/jpeg', 'application/pdf'];
const ALLOWED_EXTENSIONS = /\.(png|jpe?g|pdf)$/i;

const TITLES: Record<FileKind, string> = { attachedFile: 'Importar archivo adjunto', budgetPaycheck: 'Importar justificante de pago' };
const TYPE_MESSAGES: Record<FileKind, string> = { attachedFile: Msg.attachedFileType, budgetPaycheck: Msg.paycheckFileType };

/** A file the browser typed by its extension; an untyped one is judged by its name (the server sniffs it anyway). */
const isAllowed = (file: File) => (file.type ? ALLOWED_TYPES.includes(file.type) : ALLOWED_EXTENSIONS.test(file.name));

export function FileUploadDialog({ kind, ownerId, onClose, onUploaded }: {
  kind: FileKind; ownerId: number; onClose: () => void; onUploaded: (file: StoredFile) => void;
}) {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string; file?: string }>({});
  const [busy, setBusy] = useState(false);

  const choose = (files: FileList | null) => {
    if (!files?.length) return;
    const problem = files.length > 1 ? FileTexts.oneAtATime : !isAllowed(files[0]) ? TYPE_MESSAGES[kind] : undefined;
    setErrors((e) => ({ ...e, file: problem }));
    if (problem) {
      notify('warning', problem);
      return;
    }
    setFile(files[0]);
  };

  const save = async () => {
    const found = { name: name.trim() ? undefined : Msg.name, file: file ? errors.file : Msg.fileRequired };
    setErrors(found);
    if (found.name || found.file || !file) return;
    setBusy(true);
    try {
      onUploaded(await uploadFile(kind, ownerId, name.trim(), file));
      onClose();
    } catch (error) {
      const server = fieldErrorsOf(error) ?? {};
      setErrors({ name: server.name, file: server.file ?? server.image });
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} PaperProps={{ sx: { width: 500, maxWidth: '95vw' } }} aria-labelledby="file-dialog-title">
      <DialogTitle id="file-dialog-title">{TITLES[kind]}</DialogTitle>
      <DialogContent>
        <TextField label="Nombre" value={name} onChange={(e) => setName(e.target.value)} error={!!errors.name} helperText={errors.name} fullWidth autoFocus sx={{ mt: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
          <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
            Elegir archivo
            {/* `multiple` so that choosing several is answered with the one-at-a-time message. */}
            <input hidden type="file" multiple accept=".png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf" aria-label="Archivo"
              onChange={(event) => { choose(event.target.files); event.target.value = ''; }} />
          </Button>
          <Typography variant="body2" data-testid="chosen-file">{file?.name ?? 'Ningún archivo elegido'}</Typography>
        </Box>
        <FormHelperText>{FileTexts.allowedExtensions}</FormHelperText>
        <FormHelperText>{FileTexts.oneFile}</FormHelperText>
        {errors.file && <FormHelperText error>{errors.file}</FormHelperText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={save} disabled={busy}>Subir</Button>
      </DialogActions>
    </Dialog>
  );
}
