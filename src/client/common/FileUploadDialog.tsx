/**
 * The upload dialogs (docs/screens.md modal dialogs, docs/validation.md): a name and one jpeg, png or pdf file. Used for the
 * budget's "import attached file" and "import payment proof" and for the calculations' "import photo"
 * (a data sheet, whose file travels as `image`). The server judges the file again by its content.
 */
import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormHelperText, TextField, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import { Msg } from '../../shared/messages';
import { notify } from '../providers/events';
import { fieldErrorsOf } from '../providers/http';

/** Spec §5, letter for letter; the field messages are the server's own (Msg). */
export const FileTexts = {
  oneAtATime: 'Solo puede ser subido 1 imagen a la vez',
  allowedExtensions: 'El archivo debe de tener alguna de las siguientes extensiones: .png, .jpg, .pdf',
  oneFile: 'Sólo puede subirse 1 archivo',
} as const;

const ALLOWED_TYPES = ['image/png', 'image/jpeg', 'application/pdf'];
const ALLOWED_EXTENSIONS = /\.(png|jpe?g|pdf)$/i;

/** A file the browser typed by its extension; an untyped one is judged by its name (the server sniffs it anyway). */
const isAllowed = (file: File) => (file.type ? ALLOWED_TYPES.includes(file.type) : ALLOWED_EXTENSIONS.test(file.name));

export interface FileUploadDialogProps<T> {
  title: string;
  /** The title's id (the dialog's accessible name). */
  titleId?: string;
  /** The message of a file of another type. */
  typeMessage: string;
  /** The multipart field the server receives the file as: its field errors are shown under the file. */
  field?: 'file' | 'image';
  /** Sends the name and the file; answers what the server stored. */
  upload: (name: string, file: File) => Promise<T>;
  onClose: () => void;
  /** A minimum width (px) instead of the fixed 500 px. */
  minWidth?: number;
  /** A refused file also drops the one chosen before, and typing a name clears its error. */
  strict?: boolean;
}

type Errors = { name?: string; file?: string };

export function FileUploadDialog<T>({
  title, titleId = 'file-dialog-title', typeMessage, field = 'file', upload, onClose, minWidth, strict = false,
}: FileUploadDialogProps<T>) {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const choose = (files: FileList | null) => {
    if (!files?.length) return;
    const problem = files.length > 1 ? FileTexts.oneAtATime : !isAllowed(files[0]) ? typeMessage : undefined;
    setErrors((e) => ({ ...e, file: problem }));
    if (problem) {
      if (strict) setFile(null);
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
      // The list it goes to reads again through the cache (the upload's `changes`).
      await upload(name.trim(), file);
      onClose();
    } catch (error) {
      const server = fieldErrorsOf(error) ?? {};
      setErrors({ name: server.name, file: server[field] ?? server[field === 'file' ? 'image' : 'file'] });
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}
      {...(minWidth
        ? { maxWidth: false, PaperProps: { sx: { minWidth: { xs: '95vw', sm: minWidth }, maxWidth: '95vw' } } }
        : { PaperProps: { sx: { width: 500, maxWidth: '95vw' } } })}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <TextField label="Nombre" value={name}
          onChange={(e) => { setName(e.target.value); if (strict) setErrors((x) => ({ ...x, name: undefined })); }}
          error={!!errors.name} helperText={errors.name} fullWidth autoFocus sx={{ mt: 1 }} />
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
