/**
 * The article dialog (docs/screens.md "item" modal) in Añadir or Editar mode: the article's fields, its
 * categories and properties, and its extra images. It saves through the spec's article endpoints
 * (itemApi), so the form validates with the schema like every generated dialog but submits itself.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ListIcon from '@mui/icons-material/ListAlt';
import {
  AutocompleteArrayInput, Button, DeleteButton, ReferenceArrayInput, ResourceContextProvider, SaveButton, SimpleForm, Toolbar,
  useGetOne,
} from 'react-admin';
import { item } from '../../../../schemas/item';
import { DEFAULT_REFERENCE } from '../../../shared/catalogue';
import { missingValues } from '../../../shared/recordRules';
import type { FieldDef, FormMode } from '../../../shared/resource';
import { Msg } from '../../../shared/messages';
import { FieldInput } from '../generated/FieldInput';
import { FormSuspense, RecordLoadFailed, RecordLoading } from '../generated/StoredRecord';
import { schemaValidator } from '../generated/validate';
import { EXTRA_IMAGE_SOURCE, ExtraImagesInput } from './ExtraImagesInput';
import { ItemPropertiesInput } from './ItemPropertiesInput';
import { saveArticle, uploadExtraImage, type Item, type ItemFormValues } from './itemApi';
import { fieldErrorsOf } from '../../providers/http';
import { itemManagementPath } from './paths';

/**
 * A new article as its create form starts: what a create stores for what it is not sent, and the default
 * reference. Made once, when first asked (its rules load with this dialog), and kept: the same record on
 * every render, so the form is not reset while it is typed in.
 */
let newArticle: Record<string, unknown> | undefined;
const newItem = () => (newArticle ??= { ...missingValues(item), reference: DEFAULT_REFERENCE.item });

export interface ItemDialogProps {
  /** The article to edit; none: Añadir. */
  id?: number;
  onClose: () => void;
  /** After a save (and its extra image) went through. */
  onSaved?: (saved: Item) => void;
  onDeleted?: () => void;
}

const field = (name: string) => item.fields.find((f) => f.name === name) as FieldDef;

/**
 * The schema's rules (the main image is required on create), plus: a stored main image can be
 * replaced, not removed (an article saved without one, like the demo ones, may stay so).
 */
function itemValidator(mode: FormMode, hadImage: boolean) {
  const schemaRules = schemaValidator(item, mode);
  return async (values: Record<string, unknown>) => {
    const errors = await schemaRules(values);
    if (hadImage && !values.image && !errors.image) errors.image = Msg.itemImage;
    return errors;
  };
}

export function ItemDialog({ id, onClose, onSaved, onDeleted }: ItemDialogProps) {
  // A new article whose extra image is refused is already saved: the dialog goes on editing it, so
  // that saving again does not create it twice.
  const [itemId, setItemId] = useState(id);
  const [uploadError, setUploadError] = useState<string>();
  const mode: FormMode = itemId ? 'update' : 'create';
  const formProps = {
    itemId, uploadError, onClose, onDeleted,
    onSaved: (saved: Item) => { onSaved?.(saved); onClose(); },
    onUploadFailed: (savedId: number, message: string) => { setUploadError(message); setItemId(savedId); },
  };
  return (
    <Dialog open onClose={onClose} maxWidth={false} aria-labelledby="item-dialog-title"
      PaperProps={{ sx: { minWidth: { xs: '95vw', sm: item.dialogWidth }, maxWidth: '95vw' } }}>
      <DialogTitle id="item-dialog-title" sx={{ pr: 6 }}>
        {mode === 'create' ? 'Añadir artículo' : 'Editar artículo'}
        <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}><CloseIcon /></IconButton>
      </DialogTitle>
      <DialogContent sx={{ p: 0 }}>
        <ResourceContextProvider value="item">
          <FormSuspense>
            {itemId ? <EditItemForm key={itemId} {...formProps} itemId={itemId} /> : <ItemForm {...formProps} record={newItem()} />}
          </FormSuspense>
        </ResourceContextProvider>
      </DialogContent>
    </Dialog>
  );
}

/** The form's starting values: the stored article, or a new one's defaults (some of its fields). */
type ItemFormRecord = Partial<Item>;

interface ItemFormProps {
  itemId?: number;
  record: ItemFormRecord;
  uploadError?: string;
  onClose: () => void;
  onSaved: (saved: Item) => void;
  onUploadFailed: (savedId: number, message: string) => void;
  onDeleted?: () => void;
}

function EditItemForm(props: Omit<ItemFormProps, 'record'> & { itemId: number }) {
  const { data, isPending, error } = useGetOne<Item>('item', { id: props.itemId });
  const gone = (error as { status?: unknown } | null)?.status === 404;
  if (error && (!data || gone)) return <RecordLoadFailed gone={gone} onClose={props.onClose} />;
  if (isPending || !data) return <RecordLoading label="Cargando el artículo" />;
  return <ItemForm {...props} record={data} />;
}

function ItemForm({ itemId, record, uploadError, onClose, onSaved, onUploadFailed, onDeleted }: ItemFormProps) {
  const mode: FormMode = itemId ? 'update' : 'create';
  const validate = useMemo(() => itemValidator(mode, !!record.image), [mode, record.image]);
  const [extraImageError, setExtraImageError] = useState(uploadError);

  /** Returns the server's field errors, which the form shows under their fields (and stops loading). */
  const save = async (values: ItemFormValues) => {
    let saved: Item;
    try {
      saved = await saveArticle(values, itemId);
    } catch (error) {
      return fieldErrorsOf(error);
    }
    // Spec §4: extra images go up only once the article itself is saved.
    const extra = values[EXTRA_IMAGE_SOURCE];
    if (extra) {
      try {
        await uploadExtraImage(saved.id, extra);
      } catch (error) {
        const message = fieldErrorsOf(error)?.image ?? (error as Error).message;
        setExtraImageError(message);
        onUploadFailed(saved.id, message);
        return undefined;
      }
    }
    // The lists, the article's page and its variations read again through the cache (saveArticle's `changes`).
    onSaved(saved);
    return undefined;
  };

  const wide = { gridColumn: '1 / -1' };
  return (
    <SimpleForm
      noValidate
      record={record}
      validate={validate}
      onSubmit={save}
      sx={{ '& .MuiFormControl-root': { mt: 0 } }}
      toolbar={<ItemFormToolbar itemId={itemId} record={record} onClose={onClose} onDeleted={onDeleted ?? onClose} />}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
        <Box sx={wide}>
          <FieldInput field={field('image')} mode={mode} />
        </Box>
        <FieldInput field={field('name')} mode={mode} />
        <FieldInput field={field('reference')} mode={mode} />
        <FieldInput field={field('default_price')} mode={mode} />
        <ReferenceArrayInput source="categories_ids" reference="category" perPage={100} sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteArrayInput
            label="Categorías"
            fullWidth
            helperText={false}
            filterToQuery={(q) => ({ q })}
            noOptionsText="app.no_match"
            loadingText="app.loading"
          />
        </ReferenceArrayInput>
        <Box sx={wide}>
          <FieldInput field={field('description')} mode={mode} />
        </Box>
        <Box sx={wide}>
          <FieldInput field={field('is_orillo_bisagra')} mode={mode} />
        </Box>
        <Box sx={wide}>
          <ItemPropertiesInput />
        </Box>
        <Box sx={wide}>
          <ExtraImagesInput itemId={itemId} error={extraImageError} onError={setExtraImageError} />
        </Box>
      </Box>
    </SimpleForm>
  );
}

function ItemFormToolbar({
  itemId,
  record,
  onClose,
  onDeleted,
}: {
  itemId?: number;
  record: ItemFormRecord;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Toolbar sx={{ display: 'flex', gap: 1 }}>
      {/* A new article can be submitted untouched, so that the form says what is missing. */}
      <SaveButton label="Guardar" alwaysEnable={!itemId || undefined} />
      {itemId && (
        <Button
          label="Ver Variaciones"
          onClick={() => {
            onClose();
            navigate(itemManagementPath(itemId));
          }}
        >
          <ListIcon />
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      {itemId && (
        <DeleteButton
          resource="item"
          record={{ ...record, id: itemId }}
          mutationMode="pessimistic"
          redirect={false}
          confirmTitle="Borrar artículo"
          confirmContent="¿Seguro que quiere borrar este artículo con sus variaciones e imágenes? Esta acción no se puede deshacer."
          mutationOptions={{ onSuccess: onDeleted }}
        />
      )}
    </Toolbar>
  );
}
