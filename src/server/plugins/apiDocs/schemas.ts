/**
 * JSON Schema for the API's documentation, from what the code already declares: zod rules (through
 * zod's JSON Schema output) and the resource schemas' fields (schemas/). Nothing is written twice.
 */
import { z } from 'zod';
import { isFileField, writableFields, type FieldDef, type FormMode, type ResourceSchema } from '../../../shared/resource';
import { ruleOf } from '../../../shared/recordRules';

export type Json = Record<string, unknown>;

/** zod gives every `.int()` JavaScript's safe-integer range: noise for the reader, so it is left out. */
function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: Record<string, unknown> }) {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

/**
 * zod's JSON Schema of what a rule accepts (or, `output`, gives); preprocess/custom parts zod cannot express
 * come out as `{}`. Schemas of `registry` met inside are written once under `$defs`, by their id.
 */
export function zodJson(rule: z.ZodType, io: 'input' | 'output' = 'input', registry?: z.core.$ZodRegistry<{ id: string }>): Json {
  try {
    const options = {
      io, unrepresentable: 'any' as const, override: withoutSafeIntegerBounds, ...(registry ? { metadata: registry } : {}),
    };
    const { $schema: _ignored, ...json } = z.toJSONSchema(rule, options) as Json;
    return json;
  } catch {
    return {};
  }
}

/** Whether the rule accepts a value that is not sent (a default, null or a conditional field). */
function acceptsMissing(rule: z.ZodType): boolean {
  try {
    return rule.safeParse(undefined).success;
  } catch {
    return false;
  }
}

const saysType = (json: Json) => ['type', 'anyOf', 'oneOf', 'enum', 'const', '$ref'].some((key) => key in json);

/** The JSON type of a field from its declaration, where zod cannot say it (custom rules, reading). */
function fieldTypeSchema(field: FieldDef): Json {
  if (field.choices?.length) {
    const values = field.choices.map((c) => c.value);
    return { type: typeof values[0] === 'number' ? 'integer' : 'string', enum: values };
  }
  switch (field.type) {
    case 'integer': return { type: 'integer' };
    case 'reference': return { type: 'integer', minimum: 1 };
    case 'decimal': return { type: 'number' };
    case 'boolean': return { type: 'boolean' };
    case 'time': return { type: 'integer', description: 'segundos desde las 00:00' };
    case 'date': return { type: 'string', format: 'date' };
    case 'datetime': return { type: 'string', examples: ['2026-11-22 09:30:00'] };
    case 'email': return { type: 'string', format: 'email' };
    case 'json': return {};
    case 'image': case 'file': return { type: 'string', description: 'URL firmada del archivo' };
    default: return { type: 'string' };
  }
}

/** A field as a body sends it: its validation's JSON Schema (else its declared type), labelled in Spanish. */
function writableFieldSchema(field: FieldDef): Json {
  const json = zodJson(ruleOf(field));
  let typed = saysType(json) ? json : { ...json, ...fieldTypeSchema(field) };
  // A rule that checks a range (1…2) rather than the list: the declared choices are what may be sent.
  if (field.choices?.length && !JSON.stringify(typed).includes('"enum"')) {
    const nullable = JSON.stringify(typed).includes('"null"');
    typed = { ...typed, enum: [...field.choices.map((c) => c.value), ...(nullable ? [null] : [])] };
  }
  const when = field.showIf ? ` (sólo cuando ${field.showIf.field} = ${JSON.stringify(field.showIf.equals)})` : '';
  return { ...typed, description: `${field.label}${when}${field.helperText ? `. ${field.helperText}` : ''}` };
}

/** The JSON body of a resource's create or update: the record's writable fields. */
function recordBodySchema(schema: ResourceSchema, mode: FormMode): Json {
  const fields = writableFields(schema, mode);
  const properties: Json = Object.fromEntries(fields.map((field) => [field.name, writableFieldSchema(field)]));
  if (mode === 'create') {
    // Required: what the validation refuses when missing (a conditional field only when its condition holds).
    const required = fields.filter((f) => !f.showIf && !acceptsMissing(ruleOf(f))).map((f) => f.name);
    return { type: 'object', properties, ...(required.length ? { required } : {}) };
  }
  // An update merges into the stored record: only the id is needed; `updated_at` guards against lost changes.
  return {
    type: 'object',
    properties: {
      id: { type: 'integer', minimum: 1, description: 'Id del registro' },
      updated_at: {
        type: 'string',
        description: 'La versión editada (su updated_at): si otra persona lo ha guardado después, 30001 y no se guarda',
      },
      ...properties,
    },
    ...(schema.singleton ? {} : { required: ['id'] }),
  };
}

/** A create/update request body: JSON, or multipart with `data` plus the file fields when there are any. */
export function recordRequestBody(schema: ResourceSchema, mode: FormMode): Json {
  const files = schema.fields.filter(isFileField);
  const content: Json = { 'application/json': { schema: recordBodySchema(schema, mode) } };
  if (files.length) {
    content['multipart/form-data'] = {
      schema: {
        type: 'object',
        properties: {
          data: { type: 'string', description: 'El registro en JSON (los campos de application/json)' },
          ...Object.fromEntries(
            files.map((f) => [f.name, { type: 'string', contentMediaType: 'application/octet-stream', description: f.label }]),
          ),
        },
        required: ['data'],
      },
    };
  }
  return {
    required: true,
    description: 'Los campos del registro (también `{ "data": "<JSON>" }`).',
    content,
  };
}

/** A named route's zod body(ies) as one object: zod's properties, and required as the rules behave. */
export function zodBodySchema(body: z.ZodType | z.ZodType[]): Json {
  const parts = [body].flat();
  const properties: Json = {};
  const required: string[] = [];
  for (const part of parts) {
    const json = zodJson(part);
    Object.assign(properties, (json.properties as Json | undefined) ?? {});
    const shape = (part as { shape?: Record<string, z.ZodType> }).shape;
    // zod calls every preprocessed field required; the rule itself tells whether a missing one passes.
    if (shape) required.push(...Object.entries(shape).filter(([, rule]) => !acceptsMissing(rule)).map(([name]) => name));
    else required.push(...((json.required as string[] | undefined) ?? []));
  }
  return { type: 'object', properties, ...(required.length ? { required: [...new Set(required)] } : {}) };
}
