/**
 * A record made on screen is the record the API makes from the same input (issue 27 §7): the generated
 * create dialog of every schema resource starts each field at what the server stores when the field is
 * not sent at all (a `boolean(true)` switched on, a list empty), without per-resource code.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useFormContext } from 'react-hook-form';
import { resourceList } from '../../schemas';
import { formFields, RecordDialog } from '../../src/client/resources/generated/RecordDialog';
import { writableFields, type ResourceSchema } from '../../src/shared/resource';
import { ruleOf } from '../../src/shared/recordRules';
import { renderAdmin } from '../support/component';

/** Hands the form's values over as they stand before anything is typed. */
function ValuesProbe({ onValues }: { onValues: (values: Record<string, unknown>) => void }) {
  onValues(useFormContext().getValues());
  return null;
}

/** What the API stores for a field a create leaves out: the field's own rule applied to nothing. */
function storedWhenMissing(schema: ResourceSchema) {
  return writableFields(schema, 'create').filter((field) => !field.showIf).map((field) => {
    const parsed = ruleOf(field).safeParse(undefined);
    return { name: field.name, stored: parsed.success ? parsed.data : undefined };
  });
}

/** An input left empty and a field the API stores as null (or refuses when missing) say the same. */
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

const creatable = resourceList.filter((schema) => schema.access.create.includes('admin') && formFields(schema, 'create').length > 0);

describe('the generated create dialog starts from what the API stores for a missing field', () => {
  it('covers the resources with a create dialog', () => {
    expect(creatable.map((schema) => schema.name)).toEqual(expect.arrayContaining(['user', 'reelDiameter', 'poolCover', 'announcement']));
  });

  it.each(creatable.map((schema) => [schema.name, schema] as const))('%s', async (_name, schema) => {
    let values: Record<string, unknown> = {};
    renderAdmin(
      <RecordDialog schema={schema} mode="create" onClose={vi.fn()}>
        <ValuesProbe onValues={(now) => { values = now; }} />
      </RecordDialog>,
    );
    await screen.findByRole('button', { name: 'Guardar' });
    for (const { name, stored } of storedWhenMissing(schema)) {
      const shown = values[name];
      if (isEmpty(stored)) expect(isEmpty(shown), `${schema.name}.${name} starts empty, not ${JSON.stringify(shown)}`).toBe(true);
      else expect(shown, `${schema.name}.${name}`).toEqual(stored);
    }
  });
});
