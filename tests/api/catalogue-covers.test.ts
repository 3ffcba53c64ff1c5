/** Pool covers, their types, reinforcement types and categories (docs/data.md, docs/validation.md; issue 3 first part). */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, multipart, pdf, png } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

const REINFORCED = 1; // type 1: the reinforced winter blanket (seeded first)
const OTHER_TYPE = 3;

const coverData = (overrides: Record<string, unknown> = {}) => ({
  name: 'Cobertor de prueba', description: 'Descripción', pool_cover_type_id: OTHER_TYPE, price_m2: '12.35', weight_index: '0.1234',
  reference: 'Cobertor', ...overrides,
});

const createCover = (data: Record<string, unknown>, files: Record<string, Buffer>) =>
  t.call('POST', '/api/poolCover/create', {
    token: admin,
    ...multipart(
      { data: JSON.stringify(data) },
      Object.fromEntries(Object.entries(files).map(([k, v]) => [k, { filename: `${k}.png`, data: v, contentType: 'image/png' }])),
    ),
  });

describe('pool cover images', () => {
  it('creates a cover with a main image and a 956×637 background', async () => {
    const created = expectOk(await createCover(coverData(), { image: png(40, 30), background_cover_image: png(956, 637) }), 20001);
    expect(created).toMatchObject({
      name: 'Cobertor de prueba',
      price_m2: 12.35,
      weight_index: 0.1234,
      reference: 'Cobertor',
      without_reinforcement_image: null,
    });
    const image = await t.call('GET', created.background_cover_image);
    expect(image.status).toBe(200);
    expect(image.response.headers['content-type']).toBe('image/png');
  });

  it('refuses a background of another size with the spec message', async () => {
    const res = await createCover(coverData(), { image: png(40, 30), background_cover_image: png(956, 600) });
    expectError(res, 400, Code.error, undefined, {
      background_cover_image: 'La imagen de fondo debe de medir 956 píxeles de ancho y 637 de alto.',
    });
  });

  it('asks for the images on create: "Debe subir las imágenes correctamente"', async () => {
    const res = await createCover(coverData(), {});
    expect(res.body.error).toEqual({
      image: 'Debe subir las imágenes correctamente',
      background_cover_image: 'Debe subir las imágenes correctamente',
    });
  });

  it('refuses a PDF where an image is required, whatever its name says', async () => {
    const res = await createCover(coverData(), { image: pdf(), background_cover_image: png(956, 637) });
    expect(res.body.error).toEqual({ image: 'Tipo de fichero inválido. Por favor suba una imagen' });
  });

  it('requires the 568×568 reinforcement image for type 1 only', async () => {
    const missing = await createCover(coverData({ pool_cover_type_id: REINFORCED }), {
      image: png(),
      background_cover_image: png(956, 637),
    });
    expect(missing.body.error).toEqual({ without_reinforcement_image: 'Debe subir las imágenes correctamente' });
    const wrongSize = await createCover(coverData({ pool_cover_type_id: REINFORCED }), {
      image: png(),
      background_cover_image: png(956, 637),
      without_reinforcement_image: png(500, 568),
    });
    expect(wrongSize.body.error).toEqual({
      without_reinforcement_image: 'La imagen de refuerzo debe de medir 568 píxeles de ancho y 568 de alto.',
    });
    const ok = expectOk(
      await createCover(coverData({ pool_cover_type_id: REINFORCED }), {
        image: png(),
        background_cover_image: png(956, 637),
        without_reinforcement_image: png(568, 568),
      }),
      20001,
    );
    expect(ok.without_reinforcement_image).toMatch(/^\/api\/poolCover\/file\//);

    const notAllowed = await createCover(coverData(), {
      image: png(),
      background_cover_image: png(956, 637),
      without_reinforcement_image: png(568, 568),
    });
    expect(notAllowed.body.error).toEqual({
      without_reinforcement_image: 'Solo los cobertores de tipo manta con refuerzo llevan imagen de refuerzo',
    });

    // Changing the type away from 1 drops the reinforcement image and its file.
    const moved = expectOk(
      await t.call('POST', '/api/poolCover/update', {
        token: admin,
        body: { data: JSON.stringify({ id: ok.id, pool_cover_type_id: OTHER_TYPE }) },
      }),
      20001,
    );
    expect(moved.without_reinforcement_image).toBe(null);
    expect((await t.call('GET', ok.without_reinforcement_image)).status).toBe(404);
  });

  it('updates with JSON `data` when there is no image, keeping the stored images', async () => {
    const created = expectOk(await createCover(coverData(), { image: png(), background_cover_image: png(956, 637) }), 20001);
    const updated = expectOk(
      await t.call('POST', '/api/poolCover/update', { token: admin, body: { data: JSON.stringify({ id: created.id, price_m2: 13 }) } }),
      20001,
    );
    expect(updated.price_m2).toBe(13);
    expect(updated.image).toBe(created.image);
    expect(updated.background_cover_image).toBe(created.background_cover_image);
  });

  it('checks price (2 decimals), weight index (4 decimals), type, name and description', async () => {
    const res = await createCover({ price_m2: '1,234', weight_index: '0.12345' }, { image: png(), background_cover_image: png(956, 637) });
    expect(res.body.error).toMatchObject({
      name: 'Introduzca el nombre del cobertor',
      description: 'Introduzca la descripción',
      pool_cover_type_id: 'Seleccione el tipo de cobertor',
      price_m2: 'Introduzca el precio por m² (máximo 2 decimales)',
      weight_index: 'Introduzca el índice de peso (máximo 4 decimales)',
    });
  });

  it('lets client members read the catalogue but never change it', async () => {
    expect(expectOk(await t.call('GET', '/api/poolCover/page/1', { token: cliente })).total).toBeGreaterThanOrEqual(6);
    expectError(
      await t.call('POST', '/api/poolCover/create', { token: cliente, body: { data: JSON.stringify(coverData()) } }),
      403,
      Code.error,
    );
    expectError(await t.call('POST', '/api/poolCover/delete', { token: cliente, body: { id: 1 } }), 403, Code.error);
  });
});

describe('cover types, reinforcement types and categories', () => {
  it('seeds two cover types per season, type 1 being the reinforced winter blanket', async () => {
    const types = expectOk(await t.call('GET', '/api/poolCoverType/all', { token: admin }));
    expect(types.filter((x: { season: number }) => x.season === 1)).toHaveLength(2);
    expect(types.filter((x: { season: number }) => x.season === 2)).toHaveLength(2);
    expect(types.find((x: { id: number }) => x.id === 1)).toMatchObject({ season: 2, name: 'Manta de invierno con refuerzo' });
  });

  it('requires a season for a cover type', async () => {
    const res = await t.call('POST', '/api/poolCoverType/create', {
      token: admin,
      body: { data: JSON.stringify({ name: 'Nuevo', season: 3 }) },
    });
    expect(res.body.error).toEqual({ season: 'Seleccione la temporada' });
  });

  it('validates reinforcement types and refuses a non-image', async () => {
    const empty = await t.call('POST', '/api/reinforcementType/create', {
      token: admin,
      body: { data: JSON.stringify({ price_m2: '1,999' }) },
    });
    expect(empty.body.error).toMatchObject({
      name: 'Introduzca un nombre',
      description: 'Introduzca la descripción',
      reference: 'Introduzca la referencia',
      price_m2: 'Introduzca el precio por m² (máximo 2 decimales)',
    });
    const pdfImage = await t.call('POST', '/api/reinforcementType/create', {
      token: admin,
      ...multipart(
        { data: JSON.stringify({ name: 'R', description: 'D', reference: 'R1', price_m2: 1 }) },
        { image: { filename: 'foto.png', data: pdf() } },
      ),
    });
    expect(pdfImage.body.error).toEqual({ image: 'Tipo de fichero inválido. Por favor suba una imagen' });
  });

  it('creates a category with an image', async () => {
    const res = await t.call('POST', '/api/category/create', {
      token: admin,
      ...multipart({ data: JSON.stringify({ name: 'Cubiertas' }) }, { image: { filename: 'c.png', data: png(10, 10) } }),
    });
    expect(expectOk(res, 20001)).toMatchObject({ name: 'Cubiertas', image: expect.stringMatching(/^\/api\/category\/file\//) });
    const empty = await t.call('POST', '/api/category/create', { token: admin, body: { data: JSON.stringify({ name: '' }) } });
    expect(empty.body.error).toEqual({ name: 'Introduzca el nombre de la categoría' });
  });

  it('refuses to delete a cover type that covers use', async () => {
    expectError(
      await t.call('POST', '/api/poolCoverType/delete', { token: admin, body: { id: 1 } }),
      400,
      Code.error,
      'No se puede borrar: el registro está en uso',
    );
  });
});
