/** Form validation from the schema: the server's own zod rules, plus the file-type rule in the browser. */
import { validateRecord, isFileField, type FormMode, type ResourceSchema } from '../../../shared/resource';
import { MIME_OF } from './FieldInput';

export function schemaValidator(schema: ResourceSchema, mode: FormMode, fieldNames?: string[]) {
  return (values: Record<string, unknown>) => {
    const result = validateRecord(schema, mode, values);
    const errors: Record<string, string> = result.ok ? {} : { ...result.errors };
    for (const field of schema.fields.filter(isFileField)) {
      const file = (values[field.name] as { rawFile?: File } | undefined)?.rawFile;
      if (!file) continue;
      const allowed: string[] = field.file!.kinds.map((k) => MIME_OF[k]);
      if (!allowed.includes(file.type)) errors[field.name] = field.file!.typeMessage;
    }
    if (fieldNames) for (const key of Object.keys(errors)) if (!fieldNames.includes(key)) delete errors[key];
    return errors;
  };
}
