/**
 * The add/edit dialog of a schema resource (spec: dialogs in "Añadir" and "Editar" modes), with the
 * schema's fields, validation and minimum width. Server-side field errors show under their fields.
 */
import { useRef, type ReactNode } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { CreateBase, DeleteButton, SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { FieldDef, FormMode, ResourceSchema } from '../../../shared/resource';
import { missingValues } from '../../../shared/recordRules';
import { FormSuspense, StoredEditBase } from './StoredRecord';
import { FieldInput } from './FieldInput';
import { schemaValidator } from './validate';

export interface RecordDialogProps {
  schema: ResourceSchema;
  mode: FormMode;
  id?: number | string;
  onClose: () => void;
  /** Values a new record starts with beyond the schema's own (e.g. the client of /usuarios/cliente/{id}). */
  defaults?: Record<string, unknown>;
  /** Fields shown but not editable (a preset client). */
  locked?: string[];
  /** Fields to show, in order; default: every field the mode writes. */
  fields?: string[];
  canDelete?: boolean;
  /** Extra inputs after the schema's fields (e.g. a reel's sizes). */
  children?: ReactNode;
  /** While false for the current values, the save button stays disabled (e.g. a reel's sizes out of range). */
  canSave?: (values: Record<string, unknown>) => boolean;
  /** Per reference field, a filter on its options. */
  referenceFilters?: Record<string, Record<string, unknown>>;
}

export function formFields(schema: ResourceSchema, mode: FormMode, only?: string[]): FieldDef[] {
  const shown = schema.fields.filter((f) => {
    if (f.name === 'id' || f.type === 'json') return false;
    if (mode === 'create') return f.create !== false && (!!f.validate || f.type === 'image' || f.type === 'file');
    return f.edit !== false && (!!f.validate || f.type === 'image' || f.type === 'file' || f.edit === 'readonly');
  });
  return only ? only.map((name) => shown.find((f) => f.name === name)).filter((f): f is FieldDef => !!f) : shown;
}

export function RecordDialog({
  schema,
  mode,
  id,
  onClose,
  defaults,
  locked = [],
  fields,
  canDelete = true,
  children,
  canSave,
  referenceFilters = {},
}: RecordDialogProps) {
  const title = `${mode === 'create' ? 'Añadir' : 'Editar'} ${schema.label.one.toLowerCase()}`;
  const shown = formFields(schema, mode, fields);
  // A field's message shows as soon as the field is left (onTouched); the missing-file warnings, which
  // pop up rather than sit under a field, wait for the first "Guardar".
  const saveTried = useRef(false);
  // Whole or not at all: the file inputs load apart (FormSuspense).
  const form = (
    <FormSuspense>
      <SimpleForm
        noValidate
        mode="onTouched"
        // eslint-disable-next-line react-hooks/refs -- the ref is read when validation runs (a blur, a save), never while rendering
        validate={schemaValidator(schema, mode, { warnMissingFiles: () => saveTried.current })}
        toolbar={
          <DialogToolbar
            creating={mode === 'create'}
            canDelete={mode === 'update' && canDelete}
            resource={schema.name}
            onDeleted={onClose}
            canSave={canSave}
          />
        }
        sx={{ '& .MuiFormControl-root': { mt: 0 } }}
      >
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: (schema.dialogWidth ?? 500) >= 700 ? '1fr 1fr' : '1fr' },
            columnGap: 2,
            width: '100%',
          }}
        >
          {shown.map((field) => (
            <Box
              key={field.name}
              sx={{ gridColumn: field.fullWidth || field.type === 'image' || field.type === 'file' ? '1 / -1' : undefined }}
            >
              <FieldInput field={field} mode={mode} locked={locked.includes(field.name)} referenceFilter={referenceFilters[field.name]} />
            </Box>
          ))}
        </Box>
        {children}
      </SimpleForm>
    </FormSuspense>
  );
  const mutationOptions = { onSuccess: onClose };
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      aria-labelledby="record-dialog-title"
      PaperProps={{ sx: { minWidth: { xs: '95vw', sm: schema.dialogWidth ?? 500 }, maxWidth: '95vw' } }}
    >
      <DialogTitle id="record-dialog-title" sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent
        sx={{ p: 0 }}
        onSubmitCapture={() => {
          saveTried.current = true;
        }}
      >
        {mode === 'create' ? (
          <CreateBase
            resource={schema.name}
            redirect={false}
            mutationOptions={mutationOptions}
            record={{ ...missingValues(schema), ...defaults }}
          >
            {form}
          </CreateBase>
        ) : (
          // No form until the stored record is there (resources/generated/StoredRecord.tsx).
          <StoredEditBase resource={schema.name} id={id} redirect={false} mutationMode="pessimistic" mutationOptions={mutationOptions}
            onClose={onClose}>
            {form}
          </StoredEditBase>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DialogToolbar({ creating, canDelete, resource, onDeleted, canSave }: {
  creating: boolean; canDelete: boolean; resource: string; onDeleted: () => void; canSave?: (values: Record<string, unknown>) => boolean;
}) {
  const record = useRecordContext();
  const values = useWatch();
  const blocked = canSave ? !canSave(values) : false;
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      {/* A new record can be submitted untouched, so that the form says what is missing. */}
      <SaveButton label="Guardar" alwaysEnable={(creating && !blocked) || undefined} disabled={blocked || undefined} />
      {canDelete && record && (
        <DeleteButton resource={resource} record={record} mutationMode="pessimistic" redirect={false}
          confirmTitle="Borrar registro" confirmContent="¿Seguro que quiere borrar este registro? Esta acción no se puede deshacer."
          mutationOptions={{ onSuccess: onDeleted }} />
      )}
    </Toolbar>
  );
}
