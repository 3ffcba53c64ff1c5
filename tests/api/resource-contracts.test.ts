/**
 * Every resource's generic list and record answers hold their contracts (shared/contracts/records.ts),
 * for each role: the test server checks each answer strictly, so a record carrying a field its schema
 * does not declare (or one of another type) is answered 500 «Respuesta fuera de contrato», naming it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { resourceList } from '../../schemas';
import { DocumentVisibility } from '../../src/shared/documents';
import { useTestApp, type TestApp } from '../support/app';
import { expectOk, jsonData, multipart, pdf, uniq } from './helpers';

let t: TestApp;
let tokens: { admin: string; cliente: string; taller: string };
useTestApp((app, roleTokens) => { t = app; tokens = roleTokens; });

type Role = keyof typeof tokens;

// The seed has no documents: one for every client and one for chosen clients (every one, the member's
// among them), so that each role reads document records (staff with the chosen clients, a member with
// its download link instead of the file).
beforeAll(async () => {
  const token = tokens.admin;
  const category = expectOk(
    await t.call('POST', '/api/documentCategory/create', { token, body: jsonData({ name: `Fichas ${uniq()}`, position: 1 }) }),
    20001,
  );
  const clients: Array<{ id: number }> = expectOk(await t.call('GET', '/api/client/all', { token }));
  const clientIds = clients.map(({ id }) => id);
  for (const [visibility, chosen] of [[DocumentVisibility.allClients, []], [DocumentVisibility.chosenClients, clientIds]] as const) {
    const data = { title: `Documento ${uniq()}`, document_category_id: category.id, visibility, client_ids: chosen };
    const body = multipart({ data: JSON.stringify(data) }, { file: { filename: 'ficha.pdf', data: pdf() } });
    expectOk(await t.call('POST', '/api/document/create', { token, ...body }), 20001);
  }
});
const roles: Role[] = ['admin', 'cliente', 'taller'];

/** The answers of a resource's list and record endpoints that broke their contract, as `endpoint: message`. */
async function brokenAnswers(name: string, token: string) {
  const broken: string[] = [];
  const read = async (url: string) => {
    const res = await t.call('GET', url, { token });
    if (res.status >= 500) broken.push(`${url}: ${res.status} ${res.body?.message ?? res.body}`);
    return res;
  };
  const page = await read(`/api/${name}/page/1?per_page=100`);
  await read(`/api/${name}/all`);
  await read(`/api/${name}/dropdown`);
  const rows: Array<{ id: number }> = page.status === 200 ? page.body.data.items : [];
  // The first and the last row of the page: seeded records differ in which of their fields are empty.
  for (const id of new Set([rows[0]?.id, rows.at(-1)?.id])) {
    if (id !== undefined) await read(`/api/${name}/data/${id}`);
  }
  if (rows[0]) await read(`/api/${name}/dropdownById/${rows[0].id}`);
  return broken;
}

describe('the generic endpoints answer within their contracts', () => {
  for (const role of roles) {
    it(`for ${role}, every resource's page, all, dropdown and records`, async () => {
      const broken: string[] = [];
      for (const schema of resourceList) broken.push(...(await brokenAnswers(schema.name, tokens[role])));
      expect(broken).toEqual([]);
    });
  }

  it('admin reads a page of every resource, so each list answer above was checked against its contract', async () => {
    const refused: string[] = [];
    for (const schema of resourceList) {
      const res = await t.call('GET', `/api/${schema.name}/page/1`, { token: tokens.admin });
      if (res.status !== 200) refused.push(`${schema.name}: ${res.status}`);
    }
    expect(refused).toEqual([]);
  });
});
