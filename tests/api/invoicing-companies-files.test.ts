/** Invoicing companies (docs/validation.md Company, docs/api.md) and the file fields and file route they share with every resource. */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, jsonData, multipart, pdf, png, uniq, type FilePart } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

type Row = Record<string, any>;
const company = (overrides: Row = {}) => ({ name: `Facturas ${uniq()} S.L.`, code: `F${uniq()}`.slice(0, 12), ...overrides });
const send = (op: 'create' | 'update', data: Row, files: Record<string, FilePart | FilePart[]> = {}, token = admin) =>
  t.call('POST', `/api/invoicingCompany/${op}`, { token, ...multipart({ data: JSON.stringify(data) }, files) });
const logo = (data = png(4, 4), filename = 'logo.png'): FilePart => ({ filename, data, contentType: 'image/png' });
const get = (url: string, token = admin) => t.call('GET', url, { token });

describe('invoicing company', () => {
  it('requires name and code', async () => {
    const res = await t.call('POST', '/api/invoicingCompany/create', { token: admin, body: jsonData({ name: '', code: ' ' }) });
    expectError(res, 400, Code.error, Msg.companyName, { name: Msg.companyName, code: Msg.companyCode });
    const noCode = await send('create', { name: 'Solo nombre' });
    expectError(noCode, 400, Code.error, Msg.companyCode, { code: Msg.companyCode });
  });

  it('creates with JSON and no image', async () => {
    const data = company();
    const row = expectOk(await t.call('POST', '/api/invoicingCompany/create', { token: admin, body: jsonData(data) }), 20001);
    expect(row).toMatchObject({ ...data, image: null });
  });

  it('creates with multipart and an image, served by its URL', async () => {
    const image = png(5, 3);
    const row = expectOk(await send('create', company(), { image: logo(image) }), 20001);
    expect(row.image).toMatch(/^\/api\/invoicingCompany\/file\/[0-9a-z]+\.[A-Za-z0-9_-]{32}\/image\/[A-Za-z0-9._-]+\.png$/);
    const file = await get(row.image);
    expect(file.status).toBe(200);
    expect(file.response.headers['content-type']).toBe('image/png');
    expect(file.response.headers['x-content-type-options']).toBe('nosniff');
    expect(file.response.rawPayload.equals(image)).toBe(true);
    expect(expectOk(await t.call('GET', `/api/invoicingCompany/data/${row.id}`, { token: admin })).image).toBe(row.image);
  });

  it('never takes a file path from the data', async () => {
    const row = expectOk(await send('create', company({ image: 'user/robado.png' })), 20001);
    expect(row.image).toBeNull();
    const updated = expectOk(await send('update', { id: row.id, image: '../../db/secreto' }), 20001);
    expect(updated.image).toBeNull();
  });

  it('keeps the image on an update without one, replaces it with a new one, removes it with image: null', async () => {
    const row = expectOk(await send('create', company(), { image: logo() }), 20001);
    const kept = expectOk(await send('update', { id: row.id, name: `Otra ${uniq()}` }), 20001);
    expect(kept.image).toBe(row.image);

    const replaced = expectOk(await send('update', { id: row.id }, { image: logo(png(6, 6), 'nuevo.png') }), 20001);
    expect(replaced.image).not.toBe(row.image);
    expect((await get(row.image)).status).toBe(404);
    expect((await get(replaced.image)).status).toBe(200);

    const removed = expectOk(
      await t.call('POST', '/api/invoicingCompany/update', { token: admin, body: jsonData({ id: row.id, image: null }) }),
      20001,
    );
    expect(removed.image).toBeNull();
    expectError(await get(replaced.image), 404, Code.error, 'El archivo no existe');
  });

  it('refuses a PDF or text as the image, and writes nothing', async () => {
    const before = expectOk(await t.call('GET', '/api/invoicingCompany/page/1', { token: admin })).total;
    for (const file of [{ filename: 'logo.pdf', data: pdf() }, { filename: 'logo.png', data: Buffer.from('GIF? no.') }]) {
      const res = await send('create', company(), { image: file });
      expectError(res, 400, Code.error, 'Tipo de fichero inválido. Por favor suba una imagen', { image: Msg.imageType });
    }
    expect(expectOk(await t.call('GET', '/api/invoicingCompany/page/1', { token: admin })).total).toBe(before);
  });

  it('reports field errors and file errors together', async () => {
    const res = await send('create', { name: '' }, { image: { filename: 'x.pdf', data: pdf() } });
    expectError(res, 400, Code.error, undefined, { name: Msg.companyName, code: Msg.companyCode, image: Msg.imageType });
  });

  it('refuses a file under a field that is not a file field, and two files in one field', async () => {
    const unknown = await send('create', company(), { logo: logo() });
    expectError(unknown, 400, Code.error, Msg.fileNotExpected, { logo: Msg.fileNotExpected });
    const two = await send('create', company(), { image: [logo(), logo()] });
    expectError(two, 400, Code.error, 'Sólo puede subirse 1 archivo', { image: 'Sólo puede subirse 1 archivo' });
  });

  it('refuses an image over 5 MB, however large it is (reading stops at the limit)', async () => {
    const big = Buffer.concat([png(1, 1), Buffer.alloc(5_100_000)]);
    const res = await send('create', company(), { image: logo(big) });
    expectError(res, 400, Code.error, 'El archivo no puede superar 5 MB', { image: 'El archivo no puede superar 5 MB' });
    const huge = Buffer.concat([png(1, 1), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const tooLarge = await send('create', company(), { image: logo(huge) });
    expectError(tooLarge, 400, Code.error, 'El archivo no puede superar 5 MB', { image: 'El archivo no puede superar 5 MB' });
  });

  it('removes the stored file when the company is deleted', async () => {
    const row = expectOk(await send('create', company(), { image: logo() }), 20001);
    expectOk(await t.call('POST', '/api/invoicingCompany/delete', { token: admin, body: { id: row.id } }), 20001);
    expect((await get(row.image)).status).toBe(404);
  });

  it('refuses to delete a company used by a client', async () => {
    const res = await t.call('POST', '/api/invoicingCompany/delete', { token: admin, body: { id: 1 } });
    expectError(res, 400, Code.error, 'No se puede borrar: el registro está en uso');
    expect(expectOk(await t.call('GET', '/api/invoicingCompany/data/1', { token: admin })).code).toBe('CPS');
  });

  it('offers dropdown options with the code as extra', async () => {
    const options = expectOk(await t.call('GET', '/api/invoicingCompany/dropdown', { token: admin }));
    expect(options).toEqual(expect.arrayContaining([
      { label: 'Cobertores Export S.L.', value: 2, extra: 'CEX' },
      { label: 'Cobertores Piscinas S.L.', value: 1, extra: 'CPS' },
    ]));
  });

  it('is admin-only, files included', async () => {
    expectError(await t.call('GET', '/api/invoicingCompany/all', { token: cliente }), 403, Code.error, Msg.forbidden);
    expectError(await send('create', company(), { image: logo() }, cliente), 403, Code.error, Msg.forbidden);
    expectError(await send('update', { id: 1, name: 'Mía' }, {}, cliente), 403, Code.error, Msg.forbidden);
    expect(expectOk(await t.call('GET', '/api/invoicingCompany/data/1', { token: admin })).name).toBe('Cobertores Piscinas S.L.');
  });
});

describe('file route', () => {
  it('serves a private file to a session that may read it, for the exact entity, field, name and token only', async () => {
    const row = expectOk(await send('create', company(), { image: logo() }), 20001);
    const [, , , , token, , filename] = row.image.split('/');
    expect((await get(row.image)).status).toBe(200);
    expectError(await t.call('GET', row.image), 401, Code.invalidToken);
    // Invoicing companies are the admin's: a member holding the link gets nothing.
    expectError(await get(row.image, cliente), 404, Code.error, 'El archivo no existe');
    for (const url of [
      `/api/user/file/${token}/image/${filename}`,
      `/api/invoicingCompany/file/${token}/name/${filename}`,
      `/api/invoicingCompany/file/${token}/image/${filename.replace(/^./, (c: string) => (c === 'a' ? 'b' : 'a'))}`,
      `/api/invoicingCompany/file/${token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase()}/image/${filename}`,
      `/api/invoicingCompany/file/${token}/image/.hidden`,
    ]) {
      expectError(await get(url), 404, Code.error, 'El archivo no existe');
    }
  });
});
