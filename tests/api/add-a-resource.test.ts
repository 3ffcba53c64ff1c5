/**
 * The promise of README "Añadir un recurso": a plain resource is one schema file (its fields and its
 * table). The `warehouse` fixture exists only in tests/fixtures; its table is created by the migration
 * drizzle-kit generates from that file (what `npm run db:generate` writes), and the app is given the
 * resource the way the schema index gives it the declared ones. Nothing else is written for it.
 */
import { eq, sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { declaredResources } from '../../src/server/routes/resources';
import { warehouse, warehouses } from '../fixtures/warehouse';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, filterQuery, jsonData } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; admin = tokens.admin; cliente = tokens.cliente; }, {
  resources: [...declaredResources(), { schema: warehouse, table: warehouses }],
});

/** The fixture file's migration, as drizzle-kit writes it from the schema file alone. */
const migration = async () => generateMigration(generateDrizzleJson({}), generateDrizzleJson({ warehouses }));

beforeAll(async () => {
  for (const statement of await migration()) await t.ctx.db.execute(sql.raw(statement));
});

const base = '/api/warehouse';
const create = (data: Record<string, unknown>, token = admin) => t.call('POST', `${base}/create`, { token, body: jsonData(data) });

describe('a resource declared in one schema file', () => {
  it('gets its table, with the index it declares, from the generated migration', async () => {
    const statements = (await migration()).join('\n');
    expect(statements).toContain('CREATE TABLE "warehouses"');
    expect(statements).toContain('"monthly_rent" integer');
    expect(statements).toContain('CREATE UNIQUE INDEX "warehouses_name_key"');
    expect(statements).toContain('CREATE INDEX "warehouses_city_idx"');
  });

  it('creates, reads, lists, filters, searches, updates and deletes through the generic endpoints', async () => {
    const made = expectOk(await create({ name: 'Nave Norte', city: 'Burgos', kind: 'propio', active: true }), 20001);
    expect(made).toMatchObject({ name: 'Nave Norte', city: 'Burgos', kind: 'propio', monthly_rent: null, active: true });
    const rented = expectOk(await create({ name: 'Nave Sur', city: 'Cádiz', kind: 'alquilado', monthly_rent: '1200' }), 20001);
    expect(rented).toMatchObject({ kind: 'alquilado', monthly_rent: 1200, active: true });

    expect(expectOk(await t.call('GET', `${base}/data/${made.id}`, { token: admin }))).toEqual(made);
    const page = expectOk(await t.call('GET', `${base}/page/1?per_page=10`, { token: admin }));
    expect(page.items.map((row: { name: string }) => row.name)).toEqual(['Nave Norte', 'Nave Sur']);
    const rentedOnly = expectOk(await t.call('GET', `${base}/page/1?${filterQuery({ kind: 'alquilado' })}`, { token: admin }));
    expect(rentedOnly.items.map((row: { id: number }) => row.id)).toEqual([rented.id]);
    const found = expectOk(await t.call('GET', `${base}/page/1?${filterQuery({ q: 'cádiz' })}`, { token: admin }));
    expect(found.items.map((row: { id: number }) => row.id)).toEqual([rented.id]);
    expect(expectOk(await t.call('GET', `${base}/dropdownById/${made.id}`, { token: admin }))).toEqual({
      label: 'Nave Norte',
      value: made.id,
    });

    const changed = expectOk(await t.call('POST', `${base}/update`, { token: admin, body: jsonData({ ...made, city: 'León' }) }), 20001);
    expect(changed).toMatchObject({ id: made.id, city: 'León' });
    expectOk(await t.call('POST', `${base}/delete`, { token: admin, body: { id: made.id } }), 20001);
    expectError(await t.call('GET', `${base}/data/${made.id}`, { token: admin }), 404, Code.error, Msg.notFound);
  });

  it('refuses bad input with the schema\'s own Spanish messages and stores nothing', async () => {
    expectError(await create({}), 400, Code.error, undefined, {
      name: 'Introduzca el nombre del almacén', city: 'Introduzca la población', kind: 'Elija el régimen del almacén',
    });
    expectError(await create({ name: 'Nave', city: 'Soria', kind: 'alquilado' }), 400, Code.error, 'Introduzca el alquiler mensual', {
      monthly_rent: 'Introduzca el alquiler mensual',
    });
    expectError(await create({ name: 'Nave', city: 'Soria', kind: 'alquilado', monthly_rent: -5 }), 400, Code.error, undefined, {
      monthly_rent: 'El alquiler no puede ser negativo',
    });
    expectError(await create({ name: 'Nave', city: 'Soria', kind: 'subarrendado' }), 400, Code.error, undefined, {
      kind: 'Elija el régimen del almacén',
    });
    expect(await t.ctx.db.select().from(warehouses).where(eq(warehouses.city, 'Soria'))).toEqual([]);
  });

  it('says a repeated unique value with the message its field declares', async () => {
    expectOk(await create({ name: 'Nave Oeste', city: 'Lugo', kind: 'propio' }), 20001);
    expectError(await create({ name: 'Nave Oeste', city: 'Vigo', kind: 'propio' }), 400, Code.error, undefined, {
      name: 'Ya hay un almacén con ese nombre',
    });
  });

  it('lets a member read but not write, as its access says', async () => {
    expectOk(await t.call('GET', `${base}/page/1`, { token: cliente }));
    expectError(await create({ name: 'Nave Este', city: 'Teruel', kind: 'propio' }, cliente), 403, Code.error, Msg.forbidden);
  });
});
