/**
 * The price concept names of /stock-and-prices/config-name-prices-managment: a fixed set of concepts
 * created at start-up, readable by staff and client members, renamed by staff only.
 */
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { price_names } from '../../src/server/db/tables';
import { ensureSettings } from '../../src/server/domain/settings';
import { Code } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { useTestApp, type TestApp } from '../support/app';
import { emptyDatabase } from '../support/databases';
import { expectError, expectOk, jsonData } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

const KEYS = ['cover', 'reinforcement', 'rounded_corners', 'stairwell', 'reel', 'item', 'shipping', 'vat'];
type PriceName = { id: number; key: string; name: string; description: string | null };

const all = async (token: string) => expectOk(await t.call('GET', '/api/priceName/all', { token })) as PriceName[];
const byKey = async (key: string) => (await all(admin)).find((row) => row.key === key)!;
const update = (data: Record<string, unknown>, token = admin) => t.call('POST', '/api/priceName/update', { token, body: jsonData(data) });

describe('price concept names', () => {
  it('exist on a fresh database without demo data, and start-up never overwrites a renamed one', async () => {
    const database = await emptyDatabase('cob_fresh');
    try {
      await ensureSettings(database.db);
      const rows = await database.db.select().from(price_names).orderBy(asc(price_names.id));
      expect(rows.map((r) => r.key)).toEqual(KEYS);
      expect(rows.find((r) => r.key === 'shipping')).toMatchObject({ name: 'Portes', description: 'Gastos de envío' });
      expect(rows.every((r) => r.name.length > 0)).toBe(true);

      await database.db.update(price_names).set({ name: 'Transporte' });
      await ensureSettings(database.db);
      const again = await database.db.select().from(price_names);
      expect(again).toHaveLength(KEYS.length);
      expect(new Set(again.map((r) => r.name))).toEqual(new Set(['Transporte']));
    } finally {
      await database.close();
      await database.drop();
    }
  });

  it('are listed and read by staff and by client members', async () => {
    for (const token of [admin, cliente]) {
      const rows = await all(token);
      expect(rows.map((r) => r.key).sort()).toEqual([...KEYS].sort());
      const page = expectOk(await t.call('GET', '/api/priceName/page/1?per_page=5', { token }));
      expect({ total: page.total, shown: page.items.length }).toEqual({ total: KEYS.length, shown: 5 });
      const vat = rows.find((r) => r.key === 'vat')!;
      expect(expectOk(await t.call('GET', `/api/priceName/data/${vat.id}`, { token }))).toMatchObject({
        id: vat.id,
        key: 'vat',
        name: 'IVA',
      });
    }
  });

  it('are renamed by staff; the concept key stays as it is', async () => {
    const reel = await byKey('reel');
    const saved = expectOk(await update({ id: reel.id, key: 'motor', name: '  Enrollador solar  ', description: '' }), 20001);
    expect(saved).toMatchObject({ id: reel.id, key: 'reel', name: 'Enrollador solar', description: null });
    expect(await byKey('reel')).toMatchObject({ name: 'Enrollador solar' });
  });

  it('need a name of at most 100 characters', async () => {
    const cover = await byKey('cover');
    for (const name of ['', '   ', null]) {
      expectError(await update({ id: cover.id, name }), 400, Code.error, 'Introduzca un nombre', { name: 'Introduzca un nombre' });
    }
    expectError(await update({ id: cover.id, name: 'x'.repeat(101) }), 400, Code.error, undefined, { name: 'Máximo 100 caracteres' });
    expect((await byKey('cover')).name).toBe('Cobertor');
  });

  it('cannot be renamed by a client member', async () => {
    const vat = await byKey('vat');
    expectError(await update({ id: vat.id, name: 'Impuestos' }, cliente), 403, Code.error, Msg.forbidden);
    expect((await byKey('vat')).name).toBe('IVA');
  });

  it('cannot be created or deleted by anyone', async () => {
    const shipping = await byKey('shipping');
    for (const token of [admin, cliente]) {
      expectError(
        await t.call('POST', '/api/priceName/create', { token, body: jsonData({ key: 'discount', name: 'Descuento' }) }),
        403,
        Code.error,
        Msg.forbidden,
      );
      expectError(await t.call('POST', '/api/priceName/delete', { token, body: { id: shipping.id } }), 403, Code.error, Msg.forbidden);
    }
    expect((await all(admin)).map((r) => r.key).sort()).toEqual([...KEYS].sort());
  });
});
