/**
 * Issue 27, the server's side of "what a person types is what is kept" (property-based, fast-check): on
 * every generic create route, a body the form's own validator (recordValidator, through validateRecord)
 * refuses is refused by the server with the same Spanish message under each field the form names; a
 * body it accepts is either stored exactly as the validator reads it, or refused with a message under a
 * field (a file the form uploads, a record already there) — never a generic answer the form cannot place.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { resourceList } from '../../schemas';
import { Code } from '../../src/shared/codes';
import { isFileField, writableFields, type FieldDef, type ResourceSchema } from '../../src/shared/resource';
import { ruleOf, validateRecord } from '../../src/shared/recordRules';
import { columnsOf } from '../../src/server/domain/records/shape';
import { useTestApp, type TestApp } from '../support/app';
import { baselineSamples } from '../support/formRoundTrip';
import { jsonData } from './helpers';

/** A fixed seed keeps CI repeatable; FC_SEED=<n> (or random) explores other inputs. */
const seed = process.env.FC_SEED === 'random' ? Date.now() : Number(process.env.FC_SEED ?? 20261126);

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); });

/** What people type that forms get wrong, and what careless clients send. */
const HOSTILE = ['2,5', '1.234,5', '-7', '99999999999999999999', 'abc', '   ', '', '2026-02-31', 'x'.repeat(300), 'ñandú €'] as const;
const ODD = [null, 0, 1.5, -1, 2 ** 31, true] as const;
/** Values for a list field (a reel's sizes, chosen clients): none, valid-looking and malformed. */
const LISTS = [[], [1], [{ size_max: 2 }], [{ size_max: 'x' }], 'x', null] as const;

/** A field's value: mostly its valid sample (so that whole bodies are often valid), else hostile or random. */
function valueOf(field: FieldDef, sample: unknown): fc.Arbitrary<unknown> {
  if (field.type === 'json') return fc.constantFrom(...LISTS);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(sample) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(...HOSTILE) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(...ODD) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
}

/** Fields whose stored value is not the validator's output by a rule of the server's, and why. */
const NOT_AS_VALIDATED: Record<string, string> = {
  'announcement.client_ids': 'chosen clients are kept only for the audience «Clientes elegidos» (server hook)',
  'document.client_ids': 'chosen clients are kept only for the visibility «Clientes elegidos» (server hook)',
};

/** A stored value and a validated one compared as the form reads them: numbers as numbers (numeric columns answer text). */
const comparable = (field: FieldDef, value: unknown) =>
  (field.type === 'decimal' || field.type === 'integer') && value !== null && value !== undefined ? Number(value) : value ?? null;

const creatable = resourceList.filter((s) => s.access.create.includes('admin'));

it.each(creatable.map((s) => [s.name, s] as const))(
  '%s: the server refuses what the form refuses, with its messages, and keeps what it accepts as read',
  async (_, schema: ResourceSchema) => {
    const fields = writableFields(schema, 'create');
    // A reference's valid sample is a record that exists.
    const references: Record<string, number> = {};
    for (const field of fields.filter((f) => f.type === 'reference')) {
      const { body } = await t.call('GET', `/api/${field.reference}/page/1?per_page=1`, { token: admin });
      references[field.name] = body.data?.items?.[0]?.id ?? 1;
    }
    const unique = crypto.randomBytes(3).toString('hex');
    const samples = baselineSamples(
      schema,
      fields.filter((f) => f.type !== 'json'),
      unique,
      {},
    );
    const sampleOf = (field: FieldDef) => (field.type === 'reference' ? references[field.name] : samples[field.name]?.value);
    const body = fc.record(Object.fromEntries(fields.map((f) => [f.name, valueOf(f, sampleOf(f))])), { requiredKeys: [] });

    await fc.assert(
      fc.asyncProperty(body, async (generated) => {
        // Unique columns (a username, an e-mail): each body's valid texts are new ones.
        const fresh = crypto.randomBytes(3).toString('hex');
        const data = Object.fromEntries(
          Object.entries(generated).map(([name, value]) => [
            name,
            typeof value === 'string' && value === samples[name]?.value ? value.replace(unique, fresh) : value,
          ]),
        );
        const form = validateRecord(schema, 'create', data);
        const res = await t.call('POST', `/api/${schema.name}/create`, { token: admin, body: jsonData(data) });
        const context = `${schema.name} ${JSON.stringify(data).slice(0, 400)} → ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`;
        expect(res.status, context).toBeLessThan(500);
        const serverErrors: Record<string, string> = res.body?.error && typeof res.body.error === 'object' ? res.body.error : {};
        if (!form.ok) {
          expect(res.body.code, context).toBe(Code.error);
          // Each field the form names has the form's message; the server may add a file the form also asks for.
          expect(Object.fromEntries(Object.keys(form.errors).map((f) => [f, serverErrors[f]])), context).toEqual(form.errors);
          return;
        }
        if (res.body.code === Code.okWithMessage || res.body.code === Code.ok) {
          const stored = (await t.call('GET', `/api/${schema.name}/data/${res.body.data.id}`, { token: admin })).body.data;
          const compared = fields.filter((f) => !f.writeOnly && !isFileField(f) && !NOT_AS_VALIDATED[`${schema.name}.${f.name}`]);
          for (const field of compared) {
            // A field the validator leaves out (not sent, and none meant) takes the column's default.
            if (form.data[field.name] === undefined) continue;
            expect(comparable(field, stored[field.name]), `${context}: ${field.name}`).toEqual(comparable(field, form.data[field.name]));
          }
          return;
        }
        // Refused for what only the server knows: the answer still names the field.
        expect(res.body.code, context).toBe(Code.error);
        expect(Object.keys(serverErrors), context).not.toEqual([]);
      }),
      { numRuns: 30, seed },
    );
  },
  120_000,
);

/**
 * A value the form may leave blank must be storable blank: a rule that reads blank as null over a NOT NULL
 * column would be saved as the column's default on create and leave the old value on update (the
 * «Orden» of a cover type and the «Índice de peso» of a reel size were). Such a field is required, with
 * `whenMissing` for an API that does not send it.
 */
it('every field a form may leave blank has a column that holds nothing', () => {
  const blankOverNotNull = resourceList.flatMap((schema) => {
    const columns = columnsOf(schema);
    return writableFields(schema, 'create')
      .filter((field) => !field.blankKeepsOnUpdate && columns[field.name]?.notNull)
      .filter((field) => { const blank = ruleOf(field).safeParse(''); return blank.success && blank.data === null; })
      .map((field) => `${schema.name}.${field.name}`);
  });
  expect(blankOverNotNull).toEqual([]);
});
