/**
 * The react-admin dataProvider speaks the generic endpoints of docs/api.md: the paths, query strings and
 * bodies it sends, as the server reads them (tests/api/resources-generic.test.ts sends the same by hand).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.stubGlobal('window', { localStorage: { getItem: () => '1', setItem: () => undefined, removeItem: () => undefined } });
const { dataProvider, listQuery } = await import('../../src/client/providers/dataProvider');

interface Sent { method: string; url: string; body: unknown }
let sent: Sent[] = [];
let answer: unknown = null;

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    sent.push({ method: init.method ?? 'GET', url, body: init.body });
    return new Response(JSON.stringify({ code: 20000, data: answer }), { headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => { vi.unstubAllGlobals(); vi.stubGlobal('window', { localStorage: { getItem: () => '1' } }); });

const page = (items: unknown[]) => ({ items, total: items.length, page: 1, per_page: 20, has_next_page: false });

describe('reads', () => {
  it('a list page: per_page, sort, order and the filter as JSON, empty filter values left out', async () => {
    answer = page([{ id: 3, name: 'IVA' }]);
    const result = await dataProvider.getList('tax', {
      pagination: { page: 2, perPage: 25 }, sort: { field: 'name', order: 'ASC' }, filter: { q: 'iva', tax_percentage: '', id: [3, 4] },
    });
    expect(sent).toEqual([{
      method: 'GET',
      url: '/api/tax/page/2?per_page=25&sort=name&order=ASC&filter=%7B%22q%22%3A%22iva%22%2C%22id%22%3A%5B3%2C4%5D%7D',
      body: undefined,
    }]);
    expect(result).toEqual({ data: [{ id: 3, name: 'IVA' }], total: 1 });
  });

  it('a list without filter still says so (an empty JSON object), as the CSV link does', async () => {
    answer = page([]);
    await dataProvider.getList('client', { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(sent[0].url).toBe('/api/client/page/1?per_page=20&sort=id&order=DESC&filter=%7B%7D');
    expect(listQuery({ sort: { field: 'id', order: 'DESC' }, filter: { active: true } }))
      .toBe('sort=id&order=DESC&filter=%7B%22active%22%3Atrue%7D');
  });

  it('many records by id: the first page of 100 filtered by those ids', async () => {
    answer = page([{ id: 1 }, { id: 2 }]);
    expect(await dataProvider.getMany('category', { ids: [1, 2] })).toEqual({ data: [{ id: 1 }, { id: 2 }] });
    expect(sent[0].url).toBe('/api/category/page/1?per_page=100&filter=%7B%22id%22%3A%5B1%2C2%5D%7D');
  });

  it('one record by its id', async () => {
    answer = { id: 7, name: 'Azul' };
    expect(await dataProvider.getOne('category', { id: 7 })).toEqual({ data: { id: 7, name: 'Azul' } });
    expect(sent[0]).toEqual({ method: 'GET', url: '/api/category/data/7', body: undefined });
  });

  it('a resource the schemas do not declare is refused before anything is sent', async () => {
    await expect(dataProvider.getOne('almacen', { id: 1 })).rejects.toThrow('Recurso desconocido: almacen');
    expect(sent).toEqual([]);
  });
});

describe('writes', () => {
  it('a record without new files goes as JSON `{ data: "<json>" }`; an update says which version was edited', async () => {
    answer = { id: 9, name: 'Nueva' };
    expect(await dataProvider.create('category', { data: { name: 'Nueva' } })).toEqual({ data: { id: 9, name: 'Nueva' } });
    await dataProvider.update('category', {
      id: 9,
      data: { id: 9, name: 'Otra', updated_at: 'copia del formulario' },
      previousData: { id: 9, updated_at: '2026-01-02T03:04:05.000Z' },
    });
    expect(sent.map(({ method, url, body }) => ({ method, url, body: JSON.parse(body as string) }))).toEqual([
      { method: 'POST', url: '/api/category/create', body: { data: JSON.stringify({ name: 'Nueva' }) } },
      {
        method: 'POST', url: '/api/category/update',
        body: { data: JSON.stringify({ id: 9, name: 'Otra', updated_at: '2026-01-02T03:04:05.000Z' }) },
      },
    ]);
  });

  it('a record with a new file goes as multipart: `data` plus the file, an existing file link not sent again', async () => {
    answer = { id: 4 };
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    await dataProvider.update('invoicingCompany', {
      id: 4,
      data: { id: 4, name: 'Lonas', logo: { rawFile: file }, stamp: '/api/invoicingCompany/file/stamp/4/x.png' },
      previousData: { id: 4 },
    });
    const form = sent[0].body as FormData;
    expect(sent[0].url).toBe('/api/invoicingCompany/update');
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('data')).toBe(JSON.stringify({ id: 4, name: 'Lonas' }));
    expect((form.get('logo') as File).name).toBe('logo.png');
    expect(form.has('stamp')).toBe(false);
  });

  it('a delete sends the id and gives back the record as it was', async () => {
    answer = { id: 5 };
    expect(await dataProvider.delete('tax', { id: 5, previousData: { id: 5, name: 'IVA' } })).toEqual({ data: { id: 5, name: 'IVA' } });
    expect(sent[0]).toEqual({ method: 'POST', url: '/api/tax/delete', body: JSON.stringify({ id: 5 }) });
  });
});
