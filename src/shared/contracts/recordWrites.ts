/**
 * The named endpoints that save a resource's record the generic way (a JSON `data`, or multipart with its
 * files): the body is the record, checked by the resource's own rules in the engine, the answer the record saved.
 */
import type { FormMode, ResourceSchema } from '../resource';
import { isFileField } from '../resource';
import { recordAnswer } from './records';

/** `record`, `multipart` (when the resource has files) and `data` of a contract that writes a record. */
export function recordWrite<S extends ResourceSchema, M extends FormMode>(schema: S, mode: M) {
  const files = schema.fields.filter(isFileField).map(({ name, label }) => ({ name, label }));
  return {
    record: { schema, mode },
    ...(files.length ? { multipart: { files } } : {}),
    data: recordAnswer(schema),
  };
}
