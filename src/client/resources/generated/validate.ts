/**
 * Form validation from the schema: the server's own zod rules, plus the file rules in the browser —
 * type by the browser's sniffed MIME, exact pixel size of the chosen image, and the schema's
 * cross-field file rules. File problems also show as a 5 s warning, once per chosen file.
 */
import { isFileField, type FilePresence, type FormMode, type ResourceSchema } from '../../../shared/resource';
import { validateRecord } from '../../../shared/recordRules';
import { DURATION, notify } from '../../providers/events';
import { MIME_OF } from './mimeTypes';

type FileValue = { rawFile?: File; src?: string } | string | null | undefined;

const warned = new WeakMap<File, Set<string>>();
const lastShown = new Map<string, number>();

function warnOnce(file: File | undefined, message: string, warnMissingFiles: () => boolean) {
  if (!file) {
    if (!warnMissingFiles()) return;
    // Not about a chosen file (e.g. a missing image): at most once while the last one is on screen.
    if (Date.now() - (lastShown.get(message) ?? 0) < DURATION.long) return;
    lastShown.set(message, Date.now());
    return notify('warning', message, DURATION.long);
  }
  const seen = warned.get(file) ?? new Set<string>();
  if (seen.has(message)) return;
  seen.add(message);
  warned.set(file, seen);
  notify('warning', message, DURATION.long);
}

async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/**
 * `warnMissingFiles`: whether a missing file may pop its warning now (a form that validates as fields
 * are left holds it back until the first save); a chosen file's problem always warns, once.
 */
export function schemaValidator(
  schema: ResourceSchema,
  mode: FormMode,
  { warnMissingFiles = () => true }: { warnMissingFiles?: () => boolean } = {},
) {
  return async (values: Record<string, unknown>) => {
    const result = validateRecord(schema, mode, values);
    const errors: Record<string, string> = result.ok ? {} : { ...result.errors };
    const presence: FilePresence = {};
    for (const field of schema.fields.filter(isFileField)) {
      const value = values[field.name] as FileValue;
      const file = typeof value === 'object' && value ? value.rawFile : undefined;
      presence[field.name] = file ? 'new' : value ? 'kept' : undefined;
      if (!file) {
        if (mode === 'create' && !value && field.file!.requiredOnCreate) errors[field.name] = field.file!.requiredOnCreate;
        continue;
      }
      const rule = field.file!;
      const allowed: string[] = rule.kinds.map((k) => MIME_OF[k]);
      let message: string | undefined;
      if (!allowed.includes(file.type)) message = rule.typeMessage;
      else if (rule.dimensions) {
        const size = await imageSize(file);
        if (!size) message = rule.typeMessage;
        else if (size.width !== rule.dimensions.width || size.height !== rule.dimensions.height) message = rule.dimensions.message;
      }
      if (message) {
        errors[field.name] = message;
        warnOnce(file, message, warnMissingFiles);
      }
    }
    for (const [field, message] of Object.entries(schema.fileRules?.(values, presence, mode) ?? {})) {
      if (errors[field]) continue;
      errors[field] = message;
      warnOnce((values[field] as { rawFile?: File } | undefined)?.rawFile, message, warnMissingFiles);
    }
    return errors;
  };
}
