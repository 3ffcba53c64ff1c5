/**
 * The article's extra images. A new one is only chosen here: it is uploaded after the article itself
 * is saved (docs/data.md), one file per upload (docs/business-rules.md). In Editar mode the stored ones are listed, each
 * with a delete button.
 */
import { useEffect, useState } from 'react';
import { Box, Button as MuiButton, FormHelperText, IconButton, Tooltip, Typography } from '@mui/material';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useInput } from 'react-admin';
import { Msg } from '../../../shared/messages';
import { notify } from '../../providers/events';
import { useApiQuery } from '../../providers/query';
import { deleteExtraImage, extraImagesOf, type ItemImage } from './itemApi';

/** Spec §5: only one file at a time. */
export const ONE_IMAGE_AT_A_TIME = 'Solo puede ser subido 1 imagen a la vez';
/** The form value holding the chosen, not yet uploaded, extra image. */
export const EXTRA_IMAGE_SOURCE = 'extra_image';
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const THUMB = { width: 96, height: 96, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 } as const;

/** `error`: the last problem with a chosen image (held by the form, which also learns of refused uploads). */
export function ExtraImagesInput({ itemId, error, onError }: { itemId?: number; error?: string; onError: (message?: string) => void }) {
  const { field } = useInput({ source: EXTRA_IMAGE_SOURCE, defaultValue: null });
  const pending = field.value instanceof File ? field.value : null;

  const choose = (files: FileList | null) => {
    if (!files?.length) return;
    const problem = files.length > 1 ? ONE_IMAGE_AT_A_TIME : !IMAGE_TYPES.includes(files[0].type) ? Msg.imageType : undefined;
    onError(problem);
    if (problem) return notify('warning', problem);
    field.onChange(files[0]);
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">Imágenes adicionales</Typography>
      {itemId && <StoredExtraImages itemId={itemId} />}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
        <MuiButton component="label" variant="outlined" startIcon={<AddPhotoIcon />}>
          Elegir imagen adicional
          {/* `multiple` so that choosing several can be answered with the one-at-a-time message. */}
          <input hidden type="file" multiple accept={IMAGE_TYPES.join(',')} aria-label="Imagen adicional"
            onChange={(event) => { choose(event.target.files); event.target.value = ''; }} />
        </MuiButton>
        {pending && <PendingImage file={pending} onRemove={() => field.onChange(null)} />}
      </Box>
      <FormHelperText error={!!error}>{error ?? 'La imagen elegida se sube al guardar el artículo.'}</FormHelperText>
    </Box>
  );
}

function PendingImage({ file, onRemove }: { file: File; onRemove: () => void }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the object URL is made and revoked with the file, outside React
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {url && <Box component="img" src={url} alt={`Imagen adicional por subir: ${file.name}`} sx={THUMB} />}
      <Tooltip title="Quitar"><IconButton aria-label="Quitar imagen adicional" onClick={onRemove}><DeleteIcon /></IconButton></Tooltip>
    </Box>
  );
}

const NO_IMAGES: ItemImage[] = [];

function StoredExtraImages({ itemId }: { itemId: number }) {
  const stored = useApiQuery(['item', itemId, 'extraImages'], () => extraImagesOf(itemId));
  // A refused read (already notified) shows none.
  const images = stored.isError ? NO_IMAGES : stored.data ?? null;
  const [deleting, setDeleting] = useState<ItemImage | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    // Deleted, the list reads the images again (`changes` of deleteExtraImage); refused, it is notified by the HTTP layer.
    await deleteExtraImage(deleting.id).catch(() => undefined);
    setBusy(false);
    setDeleting(null);
  };

  if (!images) return null;
  return (
    <>
      {!images.length && (
        <Typography variant="body2" color="text.secondary">
          Este artículo no tiene imágenes adicionales.
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }} role="list" aria-label="Imágenes adicionales guardadas">
        {images.map((image, index) => (
          <Box key={image.id} role="listitem" sx={{ position: 'relative' }}>
            <Box component="img" src={image.image ?? undefined} alt={`Imagen adicional ${index + 1}`} sx={THUMB} />
            <IconButton
              aria-label={`Borrar imagen adicional ${index + 1}`}
              size="small"
              onClick={() => setDeleting(image)}
              sx={{
                'position': 'absolute',
                'top': 0,
                'right': 0,
                'bgcolor': 'background.paper',
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Confirm
        isOpen={!!deleting}
        loading={busy}
        title="Borrar imagen adicional"
        content="¿Seguro que quiere borrar esta imagen? Esta acción no se puede deshacer."
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
