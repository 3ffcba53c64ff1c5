/**
 * The data sheets of an order calculation (photos or PDFs): listed with their signed URLs, deletable,
 * and added through the "Importar foto" dialog.
 */
import { useState } from 'react';
import { Box, Button, IconButton, Link, List, ListItem, ListItemText, Paper, Tooltip, Typography } from '@mui/material';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import { Confirm } from 'react-admin';
import { formatDateTime } from '../../../shared/format';
import { Msg } from '../../../shared/messages';
import { useApiQuery } from '../../providers/query';
import { FileUploadDialog } from '../../common/FileUploadDialog';
import { deleteDataSheet, listDataSheets, uploadDataSheet, type DataSheet } from './calculatorApi';

/** "Importar foto": the upload dialog with the file sent as `image`, at least 500 px wide (docs/validation.md "Photo import…"). */
export const IMPORT_PHOTO_MIN_WIDTH = 500;

export function DataSheetsSection({ orderCalculusId }: { orderCalculusId: number }) {
  const stored = useApiQuery(['orderCalculus', orderCalculusId, 'dataSheets'], () => listDataSheets(orderCalculusId));
  const sheets: DataSheet[] | null = stored.data ?? null;
  const failed = stored.isError;
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<DataSheet | null>(null);

  const remove = async () => {
    if (!deleting) return;
    // Deleted, the list reads again through the cache (the delete's `changes`); refused, it is notified by the HTTP layer.
    await deleteDataSheet(deleting.id).catch(() => undefined);
    setDeleting(null);
  };

  return (
    <Paper sx={{ p: 2, mb: 2 }} component="section" aria-label="Fichas técnicas">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h3">
          Fichas técnicas
        </Typography>
        <Button startIcon={<AddPhotoIcon />} onClick={() => setImporting(true)}>
          Importar foto
        </Button>
      </Box>
      {failed && (
        <Typography variant="body2" color="text.secondary">
          No se han podido cargar las fichas técnicas.
        </Typography>
      )}
      {sheets && sheets.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Este cálculo no tiene fichas técnicas
        </Typography>
      )}
      {sheets && sheets.length > 0 && (
        <List dense>
          {sheets.map((sheet) => (
            <ListItem
              key={sheet.id}
              divider
              data-testid="data-sheet"
              secondaryAction={
                <>
                  {sheet.image && (
                    <Tooltip title="Descargar">
                      <IconButton component="a" href={sheet.image} download={sheet.name} aria-label={`Descargar ${sheet.name}`}>
                        <DownloadIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Tooltip title="Borrar">
                    <IconButton aria-label={`Borrar ${sheet.name}`} onClick={() => setDeleting(sheet)}>
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                </>
              }
            >
              <ListItemText
                primary={
                  sheet.image ? (
                    <Link href={sheet.image} target="_blank" rel="noopener">
                      {sheet.name}
                    </Link>
                  ) : (
                    sheet.name
                  )
                }
                secondary={formatDateTime(sheet.created_at)}
              />
            </ListItem>
          ))}
        </List>
      )}
      {importing && (
        <FileUploadDialog
          title="Importar foto"
          titleId="import-photo-title"
          typeMessage={Msg.attachedFileType}
          field="image"
          minWidth={IMPORT_PHOTO_MIN_WIDTH}
          strict
          upload={(name, file) => uploadDataSheet(orderCalculusId, name, file)}
          onClose={() => setImporting(false)}
        />
      )}
      <Confirm
        isOpen={!!deleting}
        title="Borrar ficha técnica"
        content={`¿Seguro que quiere borrar «${deleting?.name ?? ''}»?`}
        confirm="Borrar"
        cancel="Cancelar"
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
