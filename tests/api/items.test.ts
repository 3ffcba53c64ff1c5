/** Articles with categories, properties, options and variations (docs/data.md item, docs/validation.md Item, docs/api.md Item). */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, filterQuery, jsonData, multipart, pdf, png, uniq, type FilePart } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

type Row = Record<string, any>;
const GENERAL = 1; // cliente's fare

const article = (overrides: Row = {}) => ({
  name: `Artículo ${uniq()}`, description: 'Para probar', reference: 'ART-1', categories_ids: [1], default_price: '10.50',
  item_properties: [
    { name: 'Color', item_property_options: [{ name: 'Azul' }, { name: 'Gris' }] },
    { name: 'Largo', item_property_options: [{ name: '1 m' }, { name: '2 m' }, { name: '3 m' }] },
  ],
  ...overrides,
});

/** The spec's body: multipart `data` = { item_data, categories_ids, default_price } plus `image`. */
function createArticle(data: Row = article(), opts: { token?: string; image?: Buffer | null } = {}) {
  const { categories_ids, default_price, ...itemData } = data;
  const files: Record<string, FilePart> = opts.image === null ? {} : { image: { filename: 'a.png', data: opts.image ?? png(30, 30) } };
  return t.call('POST', '/api/item/createItemWithDefaultValueAndAssignCategories', {
    token: opts.token ?? admin, ...multipart({ data: JSON.stringify({ item_data: itemData, categories_ids, default_price }) }, files),
  });
}

const variationsOf = async (id: number, token = admin): Promise<Row[]> =>
  expectOk(await t.call('GET', `/api/item/getFilteredItemPropertyValuesFromItem/${id}`, { token }));
const update = (data: Row, token = admin) => t.call('POST', '/api/item/updateItemAndAssignCategories', { token, body: jsonData(data) });

describe('creating an article', () => {
  it('saves the article with its categories and properties and generates one variation per combination at the default price', async () => {
    const item = expectOk(await createArticle(), 20001);
    expect(item.image).toMatch(/^\/api\/item\/file\//);
    expect(item.categories_ids).toEqual([1]);
    expect(item.item_properties.map((p: Row) => [p.name, p.item_property_options.map((o: Row) => o.name)]))
      .toEqual([['Color', ['Azul', 'Gris']], ['Largo', ['1 m', '2 m', '3 m']]]);
    const variations = await variationsOf(item.id);
    expect(variations).toHaveLength(6);
    expect(variations.every((v) => v.value === 10.5 && v.price === 10.5 && !v.is_hidden)).toBe(true);
    expect(variations.map((v) => v.name)).toContain('Gris · 3 m');
  });

  it('an article without properties has a single variation', async () => {
    const item = expectOk(await createArticle(article({ item_properties: [] })), 20001);
    const variations = await variationsOf(item.id);
    expect(variations).toHaveLength(1);
    expect(variations[0]).toMatchObject({ name: item.name, item_property_1_option_id: null, value: 10.5 });
  });

  it.each([
    ['the default base price', { default_price: '' }, { default_price: 'El precio base es obligatorio' }],
    ['a reference of 1 to 13 characters', { reference: '12345678901234' }, { reference: 'Introduzca referencia (de 1 a 13 caracteres)' }],
    ['a reference', { reference: '' }, { reference: 'Introduzca referencia (de 1 a 13 caracteres)' }],
    [
      'a name and a description',
      { name: '', description: ' ' },
      { name: 'Introduzca el nombre del artículo', description: 'Introduzca la descripción' },
    ],
    [
      'at most 3 properties',
      { item_properties: [1, 2, 3, 4].map((n) => ({ name: `P${n}`, item_property_options: [{ name: 'x' }] })) },
      { item_properties: 'Un artículo puede tener como máximo 3 propiedades' },
    ],
    [
      'an option per property',
      { item_properties: [{ name: 'Color', item_property_options: [] }] },
      { 'item_properties.0.item_property_options': 'Cada propiedad debe tener al menos una opción' },
    ],
    [
      'named properties and options',
      { item_properties: [{ name: '', item_property_options: [{ name: '' }] }] },
      {
        'item_properties.0.name': 'Introduzca el nombre de la propiedad',
        'item_properties.0.item_property_options.0.name': 'Introduzca el nombre de la opción',
      },
    ],
    [
      'different option and property names',
      {
        item_properties: [
          { name: 'Color', item_property_options: [{ name: 'Azul' }, { name: 'azul ' }] },
          { name: 'color', item_property_options: [{ name: 'x' }] },
        ],
      },
      {
        'item_properties.0.item_property_options.1.name': 'Esa opción está repetida',
        'item_properties.1.name': 'Esa propiedad está repetida',
      },
    ],
    ['existing categories', { categories_ids: [99999] }, { categories_ids: 'La opción seleccionada no existe' }],
  ])('requires %s', async (_rule, overrides, error) => {
    const before = expectOk(await t.call('GET', '/api/item/page/1?per_page=1', { token: admin })).total;
    expectError(await createArticle(article(overrides)), 400, Code.error, undefined, error);
    expect(expectOk(await t.call('GET', '/api/item/page/1?per_page=1', { token: admin })).total).toBe(before);
  });

  it('requires the main image, checked by content: "Debe seleccionar una imagen", a PDF is not an image', async () => {
    expectError(await createArticle(article(), { image: null }), 400, Code.error, undefined, { image: 'Debe seleccionar una imagen' });
    expectError(await createArticle(article(), { image: pdf() }), 400, Code.error, undefined, {
      image: 'Tipo de fichero inválido. Por favor suba una imagen',
    });
  });

  it('is for admins only', async () => {
    expectError(await createArticle(article(), { token: cliente }), 403, Code.error);
  });
});

describe('changing an article', () => {
  it('keeps the prices of surviving variations when an option is added, and drops those of a removed option', async () => {
    const item = expectOk(await createArticle(), 20001);
    const before = await variationsOf(item.id);
    const blue1 = before.find((v) => v.name === 'Azul · 1 m')!;
    expectOk(await t.call('POST', '/api/itemPropertyValue/update', { token: admin, body: jsonData({ id: blue1.id, value: 22.4 }) }), 20001);

    const [color, length] = item.item_properties;
    const props = [
      { ...color, item_property_options: [color.item_property_options[0], { name: 'Verde' }] }, // Gris removed, Verde added
      length,
    ];
    const changed = expectOk(await update({ id: item.id, item_properties: props }), 20001);
    expect(changed.item_properties[0].item_property_options.map((o: Row) => o.name)).toEqual(['Azul', 'Verde']);
    const after = await variationsOf(item.id);
    expect(after).toHaveLength(6);
    expect(after.find((v) => v.name === 'Azul · 1 m')).toMatchObject({ id: blue1.id, value: 22.4 });
    expect(after.some((v) => v.name.startsWith('Gris'))).toBe(false);
    expect(after.filter((v) => v.name.startsWith('Verde')).every((v) => v.value === 10.5)).toBe(true);
  });

  it('gives existing variations the first option of an added property, and re-seats options when properties swap', async () => {
    const item = expectOk(
      await createArticle(article({ item_properties: [{ name: 'Color', item_property_options: [{ name: 'Azul' }, { name: 'Gris' }] }] })),
      20001,
    );
    const [blue] = await variationsOf(item.id);
    expectOk(await t.call('POST', '/api/itemPropertyValue/update', { token: admin, body: jsonData({ id: blue.id, value: 30 }) }), 20001);
    const withSize = expectOk(
      await update({
        id: item.id,
        item_properties: [...item.item_properties, { name: 'Medida', item_property_options: [{ name: 'S' }, { name: 'L' }] }],
      }),
      20001,
    );
    let rows = await variationsOf(item.id);
    expect(rows).toHaveLength(4);
    expect(rows.find((v) => v.id === blue.id)).toMatchObject({ name: 'Azul · S', value: 30 });

    const [colour, size] = withSize.item_properties;
    expectOk(await update({ id: item.id, item_properties: [size, colour] }), 20001);
    rows = await variationsOf(item.id);
    expect(rows).toHaveLength(4);
    expect(rows.find((v) => v.id === blue.id)).toMatchObject({ name: 'S · Azul', value: 30 });
  });

  it('a partial update keeps categories and properties; categories can be replaced', async () => {
    const item = expectOk(await createArticle(), 20001);
    const renamed = expectOk(await update({ id: item.id, name: `${item.name} bis` }), 20001);
    expect(renamed.categories_ids).toEqual([1]);
    expect(renamed.item_properties).toHaveLength(2);
    expect(await variationsOf(item.id)).toHaveLength(6);
    expect(expectOk(await update({ id: item.id, categories_ids: [2, 3] }), 20001).categories_ids).toEqual([2, 3]);
  });

  it('lists articles by category (getFilteredItemsPaginated and the generic page)', async () => {
    const item = expectOk(await createArticle(article({ categories_ids: [2] })), 20001);
    const inTwo = expectOk(
      await t.call('POST', '/api/item/getFilteredItemsPaginated', {
        token: admin,
        body: { page: 1, filters: { categories_ids: 2, q: item.name } },
      }),
    );
    expect(inTwo.items.map((i: Row) => i.id)).toEqual([item.id]);
    const inOne = expectOk(await t.call('GET', `/api/item/page/1?${filterQuery({ categories_ids: [1], q: item.name })}`, { token: admin }));
    expect(inOne.total).toBe(0);
  });
});

describe('variations', () => {
  it('generateMissingItemPropertyValuesForItem recreates deleted combinations at the default price', async () => {
    const item = expectOk(await createArticle(), 20001);
    const [first] = await variationsOf(item.id);
    expectOk(await t.call('POST', '/api/itemPropertyValue/delete', { token: admin, body: { id: first.id } }), 20001);
    expect(await variationsOf(item.id)).toHaveLength(5);
    expect(
      expectOk(await t.call('POST', `/api/item/generateMissingItemPropertyValuesForItem/${item.id}`, { token: admin }), 20001),
    ).toEqual({ created: 1 });
    expect(
      expectOk(await t.call('POST', `/api/item/generateMissingItemPropertyValuesForItem/${item.id}`, { token: admin }), 20001),
    ).toEqual({ created: 0 });
    expect(await variationsOf(item.id)).toHaveLength(6);
    expectError(await t.call('POST', `/api/item/generateMissingItemPropertyValuesForItem/${item.id}`, { token: cliente }), 403, Code.error);
    expectError(await t.call('POST', '/api/item/generateMissingItemPropertyValuesForItem/999999', { token: admin }), 404, Code.error);
  });

  it('setAllItemPropertyOptionValuesFromItem hides (false) / shows (true, default) all variations; members see no hidden one', async () => {
    const item = expectOk(await createArticle(), 20001);
    expect(
      expectOk(await t.call('POST', `/api/item/setAllItemPropertyOptionValuesFromItem/${item.id}/false`, { token: admin }), 20001),
    ).toEqual({ updated: 6 });
    expect((await variationsOf(item.id)).every((v) => v.is_hidden)).toBe(true);
    expect(await variationsOf(item.id, cliente)).toEqual([]);
    const generic = expectOk(await t.call('GET', `/api/itemPropertyValue/page/1?${filterQuery({ item_id: item.id })}`, { token: cliente }));
    expect(generic.total).toBe(0);

    expectOk(await t.call('POST', `/api/item/setAllItemPropertyOptionValuesFromItem/${item.id}`, { token: admin }), 20001);
    expect(await variationsOf(item.id, cliente)).toHaveLength(6);
    expectError(
      await t.call('POST', `/api/item/setAllItemPropertyOptionValuesFromItem/${item.id}/true`, { token: cliente }),
      403,
      Code.error,
    );
  });

  it('edits a variation\'s price, weight and flags with the spec\'s decimals; members cannot', async () => {
    const item = expectOk(await createArticle(), 20001);
    const [v] = await variationsOf(item.id);
    const res = await t.call('POST', '/api/itemPropertyValue/update', {
      token: admin,
      body: jsonData({ id: v.id, value: '1,234', weight_index: '0.12345' }),
    });
    expectError(res, 400, Code.error, undefined, {
      value: 'Introduzca un precio válido (máximo 2 decimales)',
      weight_index: 'Introduzca el índice de peso (máximo 4 decimales)',
    });
    const ok = expectOk(
      await t.call('POST', '/api/itemPropertyValue/update', {
        token: admin,
        body: jsonData({ id: v.id, value: '12.35', weight_index: '0.1234', is_internal_hidden: true }),
      }),
      20001,
    );
    expect(ok).toMatchObject({ value: 12.35, weight_index: 0.1234, is_internal_hidden: true, name: v.name });
    expectError(
      await t.call('POST', '/api/itemPropertyValue/update', { token: cliente, body: jsonData({ id: v.id, value: 1 }) }),
      403,
      Code.error,
    );
    expectError(
      await t.call('POST', '/api/itemPropertyValue/create', { token: admin, body: jsonData({ item_id: item.id, value: 1 }) }),
      403,
      Code.error,
    );
  });

  it('prices variations under a fare: custom value where the fare holds one, hidden where the fare hides it', async () => {
    const item = expectOk(
      await createArticle(article({ item_properties: [{ name: 'Color', item_property_options: [{ name: 'Azul' }, { name: 'Gris' }] }] })),
      20001,
    );
    const [blue, grey] = await variationsOf(item.id);
    expectOk(
      await t.call('POST', '/api/clientFare/setFarePrice', {
        token: admin,
        body: { kind: 'itemPropertyValue', client_fare_id: GENERAL, target_id: blue.id, custom_price: 8.25, fare_available: true },
      }),
      20001,
    );
    expectOk(
      await t.call('POST', '/api/clientFare/setFarePrice', {
        token: admin,
        body: { kind: 'itemPropertyValue', client_fare_id: GENERAL, target_id: grey.id, custom_price: 9, fare_available: false },
      }),
      20001,
    );

    const mine = await variationsOf(item.id, cliente);
    expect(mine.map((v) => [v.name, v.price, v.custom_value])).toEqual([['Azul', 8.25, 8.25]]);

    const page = expectOk(
      await t.call('GET', `/api/item/getPaginatedItemsWithPropertyValuesAndFarePrices/1/fare/${GENERAL}/page/1`, { token: admin }),
    );
    const listed = page.items.find((i: Row) => i.id === item.id);
    expect(listed.item_property_values.map((v: Row) => [v.name, v.price, v.fare_hidden])).toEqual([
      ['Azul', 8.25, false],
      ['Gris', 10.5, true],
    ]);

    // A member asking for another fare still gets its own.
    const asMember = expectOk(
      await t.call('GET', '/api/item/getPaginatedItemsWithPropertyValuesAndFarePrices/0/fare/2/page/1', { token: cliente }),
    );
    expect(asMember.client_fare_id).toBe(GENERAL);
    expect(asMember.items.find((i: Row) => i.id === item.id).item_property_values.map((v: Row) => v.name)).toEqual(['Azul']);

    // The generic list is no way round it: a member's fare hides it there too; staff see both.
    const generic = (token: string) => t.call('GET', `/api/itemPropertyValue/all?${filterQuery({ item_id: item.id })}`, { token });
    expect((expectOk(await generic(cliente)) as Row[]).map((v) => v.id)).toEqual([blue.id]);
    expect((expectOk(await generic(admin)) as Row[]).map((v) => v.id).sort()).toEqual([blue.id, grey.id].sort());
    expectError(await t.call('GET', `/api/itemPropertyValue/data/${grey.id}`, { token: cliente }), 404, Code.error);
  });
});

describe('orillo bisagra, images and categories', () => {
  it('getOrilloBisagra lists the hinged-edging articles with their variations priced under the fare', async () => {
    const rows: Row[] = expectOk(await t.call('GET', '/api/item/getOrilloBisagra/0', { token: admin }));
    expect(rows.map((r) => r.name)).toEqual(['Orillo bisagra']);
    expect(rows[0].item_property_values.map((v: Row) => [v.name, v.price])).toEqual([['Azul', 4.8], ['Gris', 4.8]]);
    expect(expectOk(await t.call('GET', '/api/item/getOrilloBisagra/2', { token: cliente }))[0].item_property_values).toHaveLength(2);
  });

  it('uploads extra images after the article (itemImage createWithFormData), one image per upload, checked by content', async () => {
    const item = expectOk(await createArticle(), 20001);
    const image = expectOk(
      await t.call('POST', '/api/itemImage/createWithFormData', {
        token: admin,
        ...multipart({ data: JSON.stringify({ item_id: item.id }) }, { image: { filename: 'b.png', data: png(12, 12) } }),
      }),
      20001,
    );
    expect(image.image).toMatch(/^\/api\/itemImage\/file\//);
    const bad = await t.call('POST', '/api/itemImage/createWithFormData', {
      token: admin,
      ...multipart({ data: JSON.stringify({ item_id: item.id }) }, { image: { filename: 'b.png', data: pdf() } }),
    });
    expectError(bad, 400, Code.error, undefined, { image: 'Tipo de fichero inválido. Por favor suba una imagen' });
    expectError(
      await t.call('POST', '/api/itemImage/createWithFormData', {
        token: admin,
        ...multipart({ data: JSON.stringify({ item_id: item.id }) }),
      }),
      400,
      Code.error,
      undefined,
      { image: 'Debe seleccionar una imagen' },
    );
    const replaced = expectOk(
      await t.call('POST', '/api/itemImage/updateWithFormData', {
        token: admin,
        ...multipart({ data: JSON.stringify({ id: image.id, item_id: item.id }) }, { image: { filename: 'c.png', data: png(14, 14) } }),
      }),
      20001,
    );
    expect(replaced.image).not.toBe(image.image);
    const list = expectOk(await t.call('GET', `/api/itemImage/all?${filterQuery({ item_id: item.id })}`, { token: cliente }));
    expect(list).toHaveLength(1);
    expectError(
      await t.call('POST', '/api/itemImage/createWithFormData', {
        token: cliente,
        ...multipart({ data: JSON.stringify({ item_id: item.id }) }, { image: { filename: 'b.png', data: png(12, 12) } }),
      }),
      403,
      Code.error,
    );
  });

  it('categories: createWithFormData / updateWithFormData with an image, getDropdown, article counts', async () => {
    const made = expectOk(
      await t.call('POST', '/api/category/createWithFormData', {
        token: admin,
        ...multipart({ data: JSON.stringify({ name: 'Cubiertas' }) }, { image: { filename: 'c.png', data: png(10, 10) } }),
      }),
      20001,
    );
    expect(made.image).toMatch(/^\/api\/category\/file\//);
    expectError(
      await t.call('POST', '/api/category/createWithFormData', { token: admin, ...multipart({ data: JSON.stringify({ name: '' }) }) }),
      400,
      Code.error,
      undefined,
      { name: 'Introduzca el nombre de la categoría' },
    );
    expectOk(
      await t.call('POST', '/api/category/updateWithFormData', {
        token: admin,
        ...multipart({ data: JSON.stringify({ id: made.id, name: 'Cubiertas 2' }) }),
      }),
      20001,
    );
    const options: Row[] = expectOk(await t.call('GET', '/api/category/getDropdown', { token: cliente }));
    expect(options.find((o) => o.value === made.id)?.label).toBe('Cubiertas 2');
    const counts = expectOk(await t.call('GET', '/api/category/getItemCounts', { token: admin }));
    expect(counts['1']).toBeGreaterThanOrEqual(2);
  });

  it('deleting an article takes its variations, images and category links with it', async () => {
    const item = expectOk(await createArticle(), 20001);
    expectOk(await t.call('POST', '/api/item/delete', { token: admin, body: { id: item.id } }), 20001);
    const left = expectOk(await t.call('GET', `/api/itemPropertyValue/all?${filterQuery({ item_id: item.id })}`, { token: admin }));
    expect(left).toEqual([]);
  });

  it('the demo catalogue holds six articles with properties over the three categories', async () => {
    const page = expectOk(await t.call('GET', '/api/item/page/1?per_page=100', { token: admin }));
    const demo = page.items.filter((i: Row) =>
      [
        'Anclaje de suelo',
        'Tensor de invierno',
        'Cepillo de fondo',
        'Limpiafondos manual',
        'Correa de enrollador',
        'Orillo bisagra',
      ].includes(i.name),
    );
    expect(demo).toHaveLength(6);
    expect(new Set(demo.flatMap((i: Row) => i.categories_ids))).toEqual(new Set([1, 2, 3]));
    expect(demo.find((i: Row) => i.name === 'Tensor de invierno').item_properties).toHaveLength(2);
  });
});
