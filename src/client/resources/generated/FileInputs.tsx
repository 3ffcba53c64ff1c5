/**
 * The file and image inputs of a schema field (FieldInput), in a module of their own: they bring
 * react-dropzone and file-selector, which the first screen (the frame and an orders list) never uses,
 * so FieldInput loads them only when a form that has such a field opens (issue 30).
 */
import { FileField, FileInput, ImageField, ImageInput } from 'react-admin';
import type { FieldDef } from '../../../shared/resource';
import { MIME_OF } from './mimeTypes';

/** Stored files arrive as URLs; the file inputs want `{ src }`. */
const asFileValue = (value: unknown) => (typeof value === 'string' && value ? { src: value, title: value.split('/').pop() } : value);

export interface FileFieldInputProps {
  field: FieldDef;
  /** FieldInput's props shared by every input. */
  common: { source: string; label: string; helperText: string | false; readOnly: boolean; fullWidth: true };
}

export default function FileFieldInput({ field, common }: FileFieldInputProps) {
  const accept = Object.fromEntries(field.file!.kinds.map((k) => [MIME_OF[k], []]));
  const image = field.type === 'image';
  const [Input, Preview] = image ? [ImageInput, ImageField] : [FileInput, FileField];
  return (
    <Input
      {...common}
      accept={accept}
      format={asFileValue}
      multiple={false}
      inputProps={{ 'aria-label': field.label }}
      placeholder={<p>{image ? 'Arrastre una imagen o pulse para elegirla' : 'Arrastre un archivo o pulse para elegirlo'}</p>}
    >
      <Preview source="src" title="title" />
    </Input>
  );
}
