/**
 * Two people editing one record: the screens send the version they edited (`updated_at`); a save
 * over a version someone else has replaced is refused with 30001 and changes nothing, so neither
 * change is silently lost. A save that names no version (a script, a toggle) writes over it.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, filterQuery, jsonData } from './helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); });

const readTax = async (id: number) => expectOk(await t.call('GET', `/api/tax/data/${id}`, { token: admin }));
const saveTax = (data: Record<string, unknown>) => t.call('POST', '/api/tax/update', { token: admin, body: jsonData(data) });

describe('saving a record someone else has saved since', () => {
  it('is refused with 30001 and leaves their change in place', async () => {
    const created = expectOk(
      await t.call('POST', '/api/tax/create', { token: admin, body: jsonData({ name: 'IVA editado a la vez', tax_percentage: 21 }) }),
      20001,
    );
    // Both open the record.
    const seenByAna = await readTax(created.id);
    const seenByLuis = await readTax(created.id);
    expect(seenByAna.updated_at).toEqual(expect.any(String));

    const saved = expectOk(await saveTax({ ...seenByAna, tax_percentage: 10 }), 20001);
    expect(saved.updated_at).not.toBe(seenByAna.updated_at);

    expectError(await saveTax({ ...seenByLuis, name: 'Cambio de Luis' }), 409, Code.warning, Msg.recordChanged);
    expect(await readTax(created.id)).toMatchObject({ name: 'IVA editado a la vez', tax_percentage: 10 });

    // Luis opens it again and saves on the version he now sees.
    const reread = await readTax(created.id);
    expect(expectOk(await saveTax({ ...reread, name: 'Cambio de Luis' }), 20001)).toMatchObject({
      name: 'Cambio de Luis',
      tax_percentage: 10,
    });

    // One audit row per save that went through, none for the refused one.
    const audits = expectOk(
      await t.call('GET', `/api/audit/page/1?per_page=100&${filterQuery({ resource: 'tax', record_id: String(created.id) })}`, {
        token: admin,
      }),
    );
    const ofThisTax = audits.items.filter(
      (a: { resource: string; record_id: string }) => a.resource === 'tax' && a.record_id === String(created.id),
    );
    expect(ofThisTax.map((a: { action: string }) => a.action).sort()).toEqual(['create', 'update', 'update']);
  });

  it('a save that names no version writes over the stored one', async () => {
    const created = expectOk(
      await t.call('POST', '/api/tax/create', { token: admin, body: jsonData({ name: 'IVA sin versión', tax_percentage: 21 }) }),
      20001,
    );
    await saveTax({ id: created.id, tax_percentage: 4 });
    expect(expectOk(await saveTax({ id: created.id, name: 'IVA superreducido' }), 20001)).toMatchObject({
      name: 'IVA superreducido',
      tax_percentage: 4,
    });
  });
});
