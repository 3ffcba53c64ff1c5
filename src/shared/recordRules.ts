/**
 * A resource's rules, built: each field's `validate` and the schema's `answer` are functions of the rules
 * toolbox (src/shared/rules.ts), made into zod schemas here once per field and resource. The record dialogs
 * and the server check records with what this module builds, with the same rules and the same messages.
 */
import { z } from 'zod';
import { writableFields, type FieldDef, type FormMode, type ResourceSchema } from './resource';
import * as rules from './rules';
import { EVEN_WHEN_A_FIELD_FAILED, fieldErrors, withRecordRule } from './validation';

const fieldRules = new WeakMap<FieldDef, z.ZodType>();
const answerShapes = new WeakMap<ResourceSchema, z.ZodRawShape>();

/** What `build` makes for `key`, made on first asking and kept while `key` lives. */
function builtOnce<K extends object, V>(cache: WeakMap<K, V>, key: K, build: (key: K) => V): V {
  if (!cache.has(key)) cache.set(key, build(key));
  return cache.get(key)!;
}

/** A writable field's rule, built once. */
export const ruleOf = (field: FieldDef): z.ZodType =>
  builtOnce(fieldRules, field, () => {
    if (!field.validate) throw new Error(`${field.name}: not writable, it has no rule`);
    return field.validate(rules);
  });

/** What the server adds to a resource's records beside its fields (its `answer`), built once; {} when nothing. */
export const answerOf = (schema: ResourceSchema): z.ZodRawShape => builtOnce(answerShapes, schema, () => schema.answer?.(rules) ?? {});

/**
 * What a create stores for each field it is not sent, by the field's own rule (a `boolean(true)` is on,
 * an optional text null): a create form starts from these, so that a record made on screen is the one
 * the API makes from the same input. A conditional field waits for its condition.
 */
export function missingValues(schema: ResourceSchema): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of writableFields(schema, 'create')) {
    if (field.showIf) continue;
    const parsed = ruleOf(field).safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) values[field.name] = parsed.data;
  }
  return values;
}

/** The zod object that validates a whole record for create or update, identical on both sides. */
export function recordValidator(schema: ResourceSchema, mode: FormMode) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of writableFields(schema, mode)) {
    const rule = ruleOf(field);
    if (mode === 'update' && field.blankKeepsOnUpdate) {
      shape[field.name] = z.preprocess((v) => (v === '' || v === null ? undefined : v), rule.optional());
    } else if (field.showIf) {
      // A hidden conditional field is not validated: it is dropped by the caller.
      shape[field.name] = z.any().optional();
    } else {
      shape[field.name] = rule;
    }
  }
  // A conditional field whose condition holds is checked by its own rule, and parsed in place.
  const checked = z.object(shape).superRefine((data, ctx) => {
    for (const field of writableFields(schema, mode)) {
      if (!field.showIf) continue;
      if (data[field.showIf.field] !== field.showIf.equals) continue;
      const parsed = ruleOf(field).safeParse(data[field.name]);
      if (!parsed.success) ctx.addIssue({ code: 'custom', path: [field.name], message: parsed.error.issues[0].message });
      else (data as Record<string, unknown>)[field.name] = parsed.data;
    }
  }, EVEN_WHEN_A_FIELD_FAILED);
  return withRecordRule(checked, (data, ctx) => {
    try {
      schema.refine?.(data, ctx, mode);
    } catch (error) {
      // Run on input that already failed field by field, a rule may meet malformed values: those
      // fields' own messages are the answer.
      if (!ctx.issues.length) throw error;
    }
  });
}

export type ValidationResult
  = | { ok: true; data: Record<string, unknown> }
    | { ok: false; errors: Record<string, string> };

/** Validates a record; conditional fields whose condition is false are set to null. */
export function validateRecord(schema: ResourceSchema, mode: FormMode, input: Record<string, unknown>): ValidationResult {
  const result = recordValidator(schema, mode).safeParse(input);
  if (!result.success) return { ok: false, errors: fieldErrors(result.error) };
  const data = result.data as Record<string, unknown>;
  for (const field of writableFields(schema, mode)) {
    if (field.showIf && data[field.showIf.field] !== field.showIf.equals) data[field.name] = null;
    if (mode === 'update' && field.blankKeepsOnUpdate && data[field.name] === undefined) delete data[field.name];
  }
  return { ok: true, data };
}
