/**
 * A form says every problem at once (issue 27 §6): a whole-record rule (a stairwell needs its sizes, a
 * day after another) speaks alongside the fields that failed on their own, and never about a value
 * that could not be read.
 */
import { describe, expect, it } from 'vitest';
import { resourceList } from '../../schemas';
import { announcement } from '../../schemas/announcement';
import { calculationForm, poolForm, publicPriceForm } from '../../src/shared/forms/order';
import { Msg } from '../../src/shared/messages';
import { writableFields, type ResourceSchema } from '../../src/shared/resource';
import { ruleOf, validateRecord } from '../../src/shared/recordRules';
import { fieldErrors } from '../../src/shared/validation';
import { zodValidate } from '../../src/client/components/zodForm';

const createErrors = (schema: ResourceSchema, data: Record<string, unknown>) => {
  const result = validateRecord(schema, 'create', data);
  return result.ok ? {} : result.errors;
};

describe('every resource: an empty record gets each field\'s own message at once', () => {
  it.each(resourceList.map((schema) => [schema.name, schema] as const))('%s', (_name, schema) => {
    const expected: Record<string, string> = {};
    for (const field of writableFields(schema, 'create').filter((f) => !f.showIf)) {
      const own = ruleOf(field).safeParse(undefined);
      if (!own.success) expected[field.name] = fieldErrors(own.error)._form;
    }
    expect(createErrors(schema, {})).toMatchObject(expected);
  });
});

describe('the pool forms of the calculators', () => {
  it.each([['poolForm', poolForm], ['calculationForm', calculationForm], ['publicPriceForm', publicPriceForm]] as const)(
    '%s: a stairwell without its sizes is said together with an unreadable A and a missing B',
    (_name, form) => {
      const errors = zodValidate(form)({ stairwell: true, a: '4,555', b: '' });
      expect(errors).toMatchObject({
        a: 'El largo A debe tener 2 decimales como máximo', b: Msg.dimensionB, c: Msg.stairwellSize, d: Msg.stairwellSize });
    },
  );

  it('an unreadable C keeps its own message, not the stairwell one', () => {
    const errors = zodValidate(poolForm)({ stairwell: true, a: '8', b: '4', c: 'dos', d: '1' });
    expect(errors.c).toBe('Introduzca el ancho C de la escalera en metros, p. ej. 2,00');
    expect(errors.d).toBeUndefined();
  });
});

describe('announcement', () => {
  it('an empty title and text and an unreadable "Visible desde": the three messages, and no word about "Visible hasta"', () => {
    const errors = createErrors(announcement, {
      title: '',
      body: ' ',
      audience: 1,
      visible_from: '31/02/2026',
      visible_until: '2026-03-01',
    });
    expect(errors).toEqual({ title: Msg.announcementTitle, body: Msg.announcementBody, visible_from: Msg.dateInvalid });
  });

  it('two readable days the wrong way round still say so next to a missing title', () => {
    const errors = createErrors(announcement, {
      title: '',
      body: 'Texto',
      audience: 1,
      visible_from: '2026-03-05',
      visible_until: '2026-03-01',
    });
    expect(errors).toEqual({ title: Msg.announcementTitle, visible_until: Msg.announcementUntilBeforeFrom });
  });
});
