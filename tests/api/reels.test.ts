/** Reels with their sizes, diameters and prices (docs/data.md, docs/validation.md Reel, docs/api.md Reel; docs/business-rules.md Reels). */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, multipart, png } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

type Row = Record<string, any>;
const reelData = (overrides: Row = {}) => ({
  name: 'Enrollador prueba',
  description: 'Desc',
  size_min: '2',
  size_max: '5.5',
  ...overrides,
});
const customCreate = (data: Row, subs: unknown, token = admin) =>
  t.call('POST', '/api/reel/customCreate', {
    token,
    ...multipart({ data: JSON.stringify(data), subs: JSON.stringify(subs) }, { image: { filename: 'r.png', data: png(20, 20) } }),
  });

describe('reels and their sizes', () => {
  it('creates a reel with its sizes in one call (customCreate: image, data, subs)', async () => {
    const reel = expectOk(await customCreate(reelData(), [{ size_max: 3 }, { size_max: '5.5' }]), 20001);
    expect(reel.reels_subcategories.map((s: Row) => s.size_max)).toEqual([3, 5.5]);
    expect(reel.image).toMatch(/^\/api\/reel\/file\//);
    const read = expectOk(await t.call('GET', `/api/reel/data/${reel.id}`, { token: admin }));
    expect(read.reels_subcategories).toHaveLength(2);
  });

  it('wants at least one size: "El enrollador debe de tener al menos un tamaño"', async () => {
    const res = await customCreate(reelData(), []);
    expect(res.body.error).toEqual({ reels_subcategories: 'El enrollador debe de tener al menos un tamaño' });
  });

  it('wants every size above the minimum and not above the maximum', async () => {
    const res = await customCreate(reelData(), [{ size_max: 2 }, { size_max: 6 }, { size_max: 4 }]);
    expect(res.body.error).toEqual({
      'reels_subcategories.0.size_max': 'Cada tamaño debe ser mayor que el mínimo y no superar el máximo',
      'reels_subcategories.1.size_max': 'Cada tamaño debe ser mayor que el mínimo y no superar el máximo',
    });
  });

  it('wants sizes as numbers: "Introduzca un número válido"', async () => {
    const res = await customCreate(reelData({ size_min: 'dos', size_max: '' }), [{ size_max: 'x' }]);
    expect(res.body.error).toMatchObject({
      'size_min': 'Introduzca un número válido',
      'size_max': 'Introduzca un número válido',
      'reels_subcategories.0.size_max': 'Introduzca un número válido',
    });
    expect((await customCreate({}, [{ size_max: 3 }])).body.error).toMatchObject({
      name: 'Introduzca el nombre del enrollador',
      description: 'Introduzca la descripción',
    });
  });

  it('updates sizes: keeps those with an id, adds new ones, removes the rest (customUpdate)', async () => {
    const reel = expectOk(await customCreate(reelData(), [{ size_max: 3 }, { size_max: 4 }]), 20001);
    const [three] = reel.reels_subcategories;
    const res = await t.call('POST', '/api/reel/customUpdate', {
      token: admin,
      ...multipart({
        data: JSON.stringify({ id: reel.id, name: 'Renombrado' }),
        subs: JSON.stringify([{ id: three.id, size_max: 3.5 }, { size_max: 5 }]),
      }),
    });
    const updated = expectOk(res, 20001);
    expect(updated.name).toBe('Renombrado');
    expect(updated.reels_subcategories.map((s: Row) => [s.id === three.id, s.size_max])).toEqual([[true, 3.5], [false, 5]]);
    // A partial JSON update keeps the sizes.
    const partial = expectOk(
      await t.call('POST', '/api/reel/update', { token: admin, body: { data: JSON.stringify({ id: reel.id, description: 'Otra' }) } }),
      20001,
    );
    expect(partial.reels_subcategories).toHaveLength(2);
  });

  it('refuses to remove a size that has diameters, and changes nothing', async () => {
    const reels = expectOk(await t.call('GET', '/api/reel/customGetAll', { token: admin }));
    const telescopic = reels.find((r: Row) => r.name === 'Enrollador telescópico');
    const res = await t.call('POST', '/api/reel/customUpdate', {
      token: admin,
      ...multipart({
        data: JSON.stringify({ id: telescopic.id, name: 'Cambiado' }),
        subs: JSON.stringify([telescopic.reels_subcategories[0]]),
      }),
    });
    expectError(res, 400, Code.error, undefined, { reels_subcategories: 'No se puede quitar un tamaño que tiene diámetros' });
    const after = expectOk(await t.call('GET', `/api/reel/data/${telescopic.id}`, { token: admin }));
    expect(after.name).toBe('Enrollador telescópico');
    expect(after.reels_subcategories).toHaveLength(2);
    expectError(
      await t.call('POST', '/api/reelSubcategory/delete', { token: admin, body: { id: telescopic.reels_subcategories[0].id } }),
      400,
      Code.error,
      'No se puede quitar un tamaño que tiene diámetros',
    );
  });

  it('finds the reels that fit a cover width and their size dropdown', async () => {
    const fitting = expectOk(await t.call('GET', '/api/reel/reelBySize/7', { token: cliente }));
    expect(fitting.map((r: Row) => r.name)).toEqual(['Enrollador fijo inox']);
    const sizes = expectOk(await t.call('GET', `/api/reelSubcategory/getReelSizesDropdown/${fitting[0].id}`, { token: cliente }));
    expect(sizes.map((s: Row) => s.label)).toEqual(['6,00 m', '8,00 m']);
    expect(expectOk(await t.call('GET', `/api/reelSubcategory/getById/${sizes[0].value}`, { token: admin })).size_max).toBe(6);
  });

  it('pages reels with filters', async () => {
    const page = expectOk(
      await t.call('POST', '/api/reel/getFilteredReelsPaginated', { token: admin, body: { page: 1, filters: { q: 'inox' } } }),
    );
    expect(page.items.map((r: Row) => r.name)).toEqual(['Enrollador fijo inox']);
  });

  it('never lets a client member write reels', async () => {
    expectError(await customCreate(reelData(), [{ size_max: 3 }], cliente), 403, Code.error);
  });
});

describe('reel diameters and prices', () => {
  const sizeOf = async (reelName: string, size: number) => {
    const reel = expectOk(await t.call('GET', '/api/reel/customGetAll', { token: admin })).find((r: Row) => r.name === reelName);
    return reel.reels_subcategories.find((s: Row) => s.size_max === size).id as number;
  };

  it('lists the available diameters of a size, in mm', async () => {
    const sub = await sizeOf('Enrollador telescópico', 4.5);
    expect(expectOk(await t.call('GET', `/api/reelDiameter/getReelDiameterDropDown/${sub}`, { token: cliente }))).toEqual([
      { label: '110 mm', value: 110 },
      { label: '160 mm', value: 160 },
    ]);
  });

  it('prices a size × diameter × engine, and says "No disponible" for an unavailable or missing one', async () => {
    const sub = await sizeOf('Enrollador telescópico', 4.5);
    const price = expectOk(
      await t.call('POST', '/api/reelDiameter/getReelPrice', {
        token: cliente,
        body: { reel_subcategory_id: sub, diameter: 110, motor: true, client_fare_id: 999 },
      }),
    );
    expect(price).toMatchObject({
      price: 730,
      reference: 'Enrollador',
      subcategory_diameter_name: 'Hasta 4,50 m · Ø 110 mm · con motor',
      client_fare_id: 1,
    });
    expectError(
      await t.call('POST', '/api/reelDiameter/getReelPrice', {
        token: cliente,
        body: { reel_subcategory_id: sub, diameter: 999, engine: false },
      }),
      409,
      Code.warning,
      'No disponible',
    );
    const inox8 = await sizeOf('Enrollador fijo inox', 8);
    expectError(
      await t.call('POST', '/api/reelDiameter/getReelPrice', {
        token: admin,
        body: { reel_subcategory_id: inox8, diameter: 160, engine: true },
      }),
      409,
      Code.warning,
      'No disponible',
    );
    expect((await t.call('POST', '/api/reelDiameter/getReelPrice', { token: admin, body: {} })).body.error).toEqual({
      reel_subcategory_id: 'Seleccione el tamaño',
      diameter: 'Introduzca el diámetro',
    });
  });

  it('creates diameters with defaults and refuses a repeated combination', async () => {
    const sub = await sizeOf('Enrollador fijo inox', 6);
    const created = expectOk(
      await t.call('POST', '/api/reelDiameter/create', {
        token: admin,
        body: { data: JSON.stringify({ reel_subcategory_id: sub, diameter: 200, price: '999.99', reference: 'Enrollador' }) },
      }),
      20001,
    );
    expect(created).toMatchObject({
      engine: false,
      available: true,
      is_budget_favorite: false,
      price: 999.99,
      subcategory_diameter_name: 'Hasta 6,00 m · Ø 200 mm · sin motor',
    });
    const repeated = await t.call('POST', '/api/reelDiameter/create', {
      token: admin,
      body: { data: JSON.stringify({ reel_subcategory_id: sub, diameter: 200, price: 1, reference: 'E' }) },
    });
    expect(repeated.body.error).toEqual({ diameter: 'Ese diámetro ya existe para este tamaño con la misma opción de motor' });
    const empty = await t.call('POST', '/api/reelDiameter/create', { token: admin, body: { data: JSON.stringify({ diameter: 'abc' }) } });
    expect(empty.body.error).toMatchObject({
      reel_subcategory_id: 'Seleccione el tamaño',
      diameter: 'Introduzca un número válido',
      price: 'Introduzca el precio',
    });
  });

  it('lists a reel\'s diameters whole, paged, or by size', async () => {
    const reel = expectOk(await t.call('GET', '/api/reel/customGetAll', { token: admin })).find(
      (r: Row) => r.name === 'Enrollador telescópico',
    );
    expect(expectOk(await t.call('GET', `/api/reelDiameter/getReelsDiametersByReelId/${reel.id}`, { token: admin }))).toHaveLength(8);
    const page = expectOk(
      await t.call('POST', '/api/reelDiameter/ReelsByPageAndFilter', { token: admin, body: { reel_id: reel.id, page: 1 } }),
    );
    expect(page.total).toBe(8);
    expect(page.items[0].reel_id).toBe(reel.id);
    expect(
      expectOk(
        await t.call('GET', `/api/reelDiameter/getReelsDiameterBySubcategoryId/${reel.reels_subcategories[0].id}`, { token: admin }),
      ),
    ).toHaveLength(4);
  });
});
