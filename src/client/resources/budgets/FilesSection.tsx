/**
 * The files of a budget screen: a calculation's attached files or a budget's payment proofs, each
 * viewable and downloadable from its URL (signed by the server), deletable, and a button for the
 * upload dialog.
 */
import { useState } from 'react';
import { Box, Button, IconButton, Link, List, ListItem, ListItemText, Paper, Tooltip, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import { Confirm } from 'react-admin';
import { Msg } from '../../../shared/messages';
import { useApiQuery } from '../../providers/query';
import { deleteFile, listFiles, uploadFile, type FileKind, type StoredFile } from './budgetFiles';
import { FileUploadDialog } from '../../common/FileUploadDialog';

const UPLOAD_TITLES: Record<FileKind, string> = {
  attachedFile: 'Importar archivo adjunto',
  budgetPaycheck: 'Importar justificante de pago',
};
const TYPE_MESSAGES: Record<FileKind, string> = { attachedFile: Msg.attachedFileType, budgetPaycheck: Msg.paycheckFileType };

const TEXTS: Record<FileKind, { title: string; upload: string; empty: string }> = {
  attachedFile: { title: 'Archivos adjuntos', upload: 'Adjuntar archivo', empty: 'Este cálculo no tiene archivos adjuntos' },
  budgetPaycheck: {
    title: 'Justificantes de pago',
    upload: 'Subir justificante de pago',
    empty: 'Este presupuesto no tiene justificantes de pago',
  },
};

export function FilesSection({ kind, ownerId }: { kind: FileKind; ownerId: number }) {
  const texts = TEXTS[kind];
  const stored = useApiQuery(['budget', 'files', kind, ownerId], () => listFiles(kind, ownerId));
  const files: StoredFile[] | null = stored.data ?? null;
  const failed = stored.isError;
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<StoredFile | null>(null);

  const remove = async () => {
    if (!deleting) return;
    // Deleted, the list reads again through the cache (the delete's `changes`); refused, it is notified by the HTTP layer.
    await deleteFile(kind, deleting.id).catch(() => undefined);
    setDeleting(null);
  };

  return (
    <Paper sx={{ p: 2, mb: 2 }} component="section" aria-label={texts.title}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h3">
          {texts.title}
        </Typography>
        <Button startIcon={<AttachFileIcon />} onClick={() => setUploading(true)}>
          {texts.upload}
        </Button>
      </Box>
      {failed && (
        <Typography variant="body2" color="text.secondary">
          No se han podido cargar los archivos.
        </Typography>
      )}
      {files && files.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {texts.empty}
        </Typography>
      )}
      {files && files.length > 0 && (
        <List dense>
          {files.map((file) => (
            <ListItem
              key={file.id}
              divider
              secondaryAction={
                <>
                  {file.file && (
                    <Tooltip title="Descargar">
                      <IconButton component="a" href={file.file} download={file.name} aria-label={`Descargar ${file.name}`}>
                        <DownloadIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Tooltip title="Borrar">
                    <IconButton aria-label={`Borrar ${file.name}`} onClick={() => setDeleting(file)}>
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                </>
              }
            >
              <ListItemText
                primary={
                  file.file ? (
                    <Link href={file.file} target="_blank" rel="noopener">
                      {file.name}
                    </Link>
                  ) : (
                    file.name
                  )
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {uploading && (
        <FileUploadDialog
          title={UPLOAD_TITLES[kind]}
          typeMessage={TYPE_MESSAGES[kind]}
          upload={(name, file) => uploadFile(kind, ownerId, name, file)}
          onClose={() => setUploading(false)}
        />
      )}
      <Confirm
        isOpen={!!deleting}
        title="Borrar archivo"
        content={`¿Seguro que quiere borrar «${deleting?.name ?? ''}»?`}
        confirm="Borrar"
        cancel="Cancelar"
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
