/**
 * The "import photo" dialog (spec §2 modal dialogs, §5 "Photo import…"): a name and one jpeg, png or
 * pdf, as a data sheet of an order calculation; at least 500 px wide. The texts are the budget upload
 * dialog's (FileTexts); the server judges the file again by its content.
 */
import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormHelperText, TextField, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import { Msg } from '../../../shared/messages';
import { notify } from '../../providers/events';
import { FileTexts } from '../budgets/FileUploadDialog';
import { fieldErrorsOf, uploadDataSheet, type DataSheet } from './calculatorApi';

const ALLOWED_TYPES = ['image/png', 'image/jpeg', 'application/pdf'];
const ALLOWED_EXTENSIONS = /\.(png|jpe?g|pdf)$/i;

/** A file the browser typed by its extension; an untyped one is judged by its name (the server sniffs it anyway). */
const isAllowed = (file: File) => (file.type ? ALLOWED_TYPES.includes(file.type) : ALLOWED_EXTENSIONS.test(file.name));

export const IMPORT_PHOTO_MIN_WIDTH = 500;

export function DataSheetDialog({ orderCalculusId, onClose, onUploaded }: { orderCalculusId: number; onClose: () => void; onUploaded: (sheet: DataSheet) => void }) {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string; image?: string }>({});
  const [busy, setBusy] = useState(false);

  const choose = (files: FileList | null) => {
    if (!files?.length) return;
    const problem = files.length > 1 ? FileTexts.oneAtATime : !isAllowed(files[0]) ? Msg.attachedFileType : undefined;
    setErrors((e) => ({ ...e, image: problem }));
    if (problem) {
      setFile(null);
      notify('warning', problem);
      return;
    }
    setFile(files[0]);
  };

  const save = async () => {
    const found = { name: name.trim() ? undefined : Msg.name, image: file ? errors.image : Msg.fileRequired };
    setErrors(found);
    if (found.name || found.image || !file) return;
    setBusy(true);
    try {
      onUploaded(await uploadDataSheet(orderCalculusId, name.trim(), file));
      onClose();
    } catch (error) {
      const server = fieldErrorsOf(error) ?? {};
      setErrors({ name: server.name, image: server.image ?? server.file });
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth={false} aria-labelledby="import-photo-title"
      PaperProps={{ sx: { minWidth: { xs: '95vw', sm: IMPORT_PHOTO_MIN_WIDTH }, maxWidth: '95vw' } }}>
      <DialogTitle id="import-photo-title">Importar foto</DialogTitle>
      <DialogContent>
        <TextField label="Nombre" value={name} onChange={(e) => { setName(e.target.value); setErrors((x) => ({ ...x, name: undefined })); }}
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
        {errors.image && <FormHelperText error>{errors.image}</FormHelperText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={save} disabled={busy}>Subir</Button>
      </DialogActions>
    </Dialog>
  );
}
