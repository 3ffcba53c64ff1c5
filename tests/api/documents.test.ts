/**
 * The document library (issue 17 §4): categories and documents written by staff, read by client members
 * as their visibility says (all clients, or chosen clients among which is theirs), downloaded through the
 * scoped download endpoint; workshop staff and anonymous callers are refused.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { DocumentVisibility } from '../../src/shared/documents';
import { useTestApp, type TestApp } from '../support/app';
import { createUser, expectError, expectOk, filterQuery, jsonData, multipart, pdf, png, tokenOf, uniq, type FilePart } from './helpers';

type Row = Record<string, any>;

let t: TestApp;
let admin: string;
/** Member A: the demo member of client 1; member B: of client 2. */
let memberA: string;
let memberB: string;
let taller: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente: memberA, taller } = tokens); });

async function signInMemberB() {
  if (memberB) return memberB;
  const user = await createUser(t, admin, { client_id: 2 });
  memberB = await tokenOf(t, user.username, user.password);
  return memberB;
}

const createCategory = (data: Row, token = admin) => t.call('POST', '/api/documentCategory/create', { token, body: jsonData(data) });

async function category(name = `Fichas ${uniq()}`, position = 1): Promise<Row> {
  return expectOk(await createCategory({ name, position }), 20001);
}

const createDocument = (data: Row, file: FilePart | null = { filename: 'ficha.pdf', data: pdf() }, token = admin) =>
  t.call('POST', '/api/document/create', { token, ...multipart({ data: JSON.stringify(data) }, file ? { file } : {}) });

async function documentFor(categoryId: number, visibility: number, clientIds: number[] = [], title = `Documento ${uniq()}`): Promise<Row> {
  return expectOk(
    await createDocument({ title, document_category_id: categoryId, visibility, client_ids: clientIds, description: 'Para la obra' }),
    20001,
  );
}

const ids = (rows: Row[]) => rows.map((r) => r.id);
const page = async (token: string, resource = 'document', filter: Row = {}) =>
  expectOk(await t.call('GET', `/api/${resource}/page/1?per_page=100&${filterQuery(filter)}`, { token })) as {
    items: Row[];
    total: number;
  };

describe('document categories', () => {
  it('staff create and edit them with a name and an order; the order sorts them', async () => {
    const later = await category(`Zeta ${uniq()}`, 900);
    const sooner = await category(`Alfa ${uniq()}`, 899);
    expect(later).toMatchObject({ position: 900 });
    const listed = ids(expectOk(await t.call('GET', '/api/documentCategory/all', { token: admin })));
    expect(listed.indexOf(sooner.id)).toBeLessThan(listed.indexOf(later.id));
    const renamed = expectOk(
      await t.call('POST', '/api/documentCategory/update', {
        token: admin,
        body: jsonData({ id: later.id, name: 'Garantías', position: 3 }),
      }),
      20001,
    );
    expect(renamed).toMatchObject({ name: 'Garantías', position: 3 });
  });

  it('validate name and order in Spanish', async () => {
    expectError(await createCategory({ name: ' ', position: '' }), 400, Code.error, undefined, {
      name: Msg.documentCategoryName,
      position: Msg.documentCategoryOrder,
    });
    expectError(await createCategory({ name: 'x'.repeat(101), position: -1 }), 400, Code.error, undefined, {
      name: 'Máximo 100 caracteres',
      position: Msg.documentCategoryOrder,
    });
    expectError(await createCategory({ name: 'Certificados', position: 'primero' }), 400, Code.error, undefined, {
      position: Msg.documentCategoryOrder,
    });
  });

  it('a category that holds documents cannot be deleted; once empty it can', async () => {
    const held = await category();
    const doc = await documentFor(held.id, DocumentVisibility.staff);
    expectError(
      await t.call('POST', '/api/documentCategory/delete', { token: admin, body: { id: held.id } }),
      400,
      Code.error,
      Msg.documentCategoryInUse,
    );
    expectOk(await t.call('GET', `/api/documentCategory/data/${held.id}`, { token: admin }));
    expectOk(await t.call('POST', '/api/document/delete', { token: admin, body: { id: doc.id } }), 20001);
    expectOk(await t.call('POST', '/api/documentCategory/delete', { token: admin, body: { id: held.id } }), 20001);
    expectError(await t.call('GET', `/api/documentCategory/data/${held.id}`, { token: admin }), 404, Code.error);
  });

  it('only staff write them; members list only the categories holding a document meant for them', async () => {
    const forAll = await category(`Para todos ${uniq()}`);
    const internal = await category(`Interna ${uniq()}`);
    const empty = await category(`Vacía ${uniq()}`);
    const forB = await category(`Para B ${uniq()}`);
    await documentFor(forAll.id, DocumentVisibility.allClients);
    await documentFor(internal.id, DocumentVisibility.staff);
    await documentFor(forB.id, DocumentVisibility.chosenClients, [2]);
    const b = await signInMemberB();

    const seenByA = ids(expectOk(await t.call('GET', '/api/documentCategory/all', { token: memberA })));
    expect(seenByA).toContain(forAll.id);
    for (const hidden of [internal, empty, forB]) expect(seenByA).not.toContain(hidden.id);
    expect(ids(expectOk(await t.call('GET', '/api/documentCategory/all', { token: b })))).toEqual(
      expect.arrayContaining([forAll.id, forB.id]),
    );
    expectError(await t.call('GET', `/api/documentCategory/data/${internal.id}`, { token: memberA }), 404, Code.error);
    expectError(await t.call('GET', `/api/documentCategory/dropdownById/${forB.id}`, { token: memberA }), 404, Code.error);
    expect(ids(expectOk(await t.call('GET', '/api/documentCategory/all', { token: admin })))).toEqual(
      expect.arrayContaining([forAll.id, internal.id, empty.id, forB.id]),
    );

    expectError(await createCategory({ name: 'De un cliente', position: 1 }, memberA), 403, Code.error);
    expectError(
      await t.call('POST', '/api/documentCategory/update', { token: memberA, body: jsonData({ id: forAll.id, name: 'Mía', position: 1 }) }),
      403,
      Code.error,
    );
    expectError(await t.call('POST', '/api/documentCategory/delete', { token: memberA, body: { id: empty.id } }), 403, Code.error);
    expectError(await t.call('GET', '/api/documentCategory/all', { token: taller }), 403, Code.error);
    expectError(await t.call('GET', '/api/documentCategory/all', {}), 401, Code.invalidToken);
  });
});

describe('documents', () => {
  it('validate title, category, visibility, chosen clients and the file (required, PDF or image by content)', async () => {
    expectError(await createDocument({ title: '', document_category_id: '', visibility: '' }, null), 400, Code.error, undefined, {
      title: Msg.documentTitle, document_category_id: Msg.documentCategory, visibility: Msg.documentVisibility, file: Msg.fileRequired,
    });
    const cat = await category();
    expectError(
      await createDocument({
        title: 'Garantía',
        document_category_id: cat.id,
        visibility: DocumentVisibility.chosenClients,
        client_ids: [],
      }),
      400,
      Code.error,
      undefined,
      {
        client_ids: Msg.documentClients,
      },
    );
    expectError(await createDocument({ title: 'Garantía', document_category_id: cat.id, visibility: 9 }), 400, Code.error, undefined, {
      visibility: Msg.documentVisibility,
    });
    // A file named .pdf that is not one is refused by its content.
    const fake = { filename: 'garantia.pdf', data: Buffer.from('<html>no soy un PDF</html>') };
    expectError(
      await createDocument({ title: 'Garantía', document_category_id: cat.id, visibility: 2 }, fake),
      400,
      Code.error,
      undefined,
      { file: Msg.documentFileType },
    );
    const big = { filename: 'grande.pdf', data: Buffer.concat([pdf(), Buffer.alloc(10_000_001)]) };
    expectError(await createDocument({ title: 'Garantía', document_category_id: cat.id, visibility: 2 }, big), 400, Code.error, undefined, {
      file: 'El archivo no puede superar 10 MB',
    });
    expectError(await createDocument({ title: 'Garantía', document_category_id: 999999, visibility: 2 }), 400, Code.error, undefined, {
      document_category_id: Msg.referenceMissing,
    });
    expectError(
      await createDocument({ title: 'Garantía', document_category_id: cat.id, visibility: 3, client_ids: [999999] }),
      400,
      Code.error,
      undefined,
      { client_ids: Msg.referenceMissing },
    );
    // Nothing of the refused ones was kept.
    expect(expectOk(await t.call('GET', `/api/document/all?${filterQuery({ document_category_id: cat.id })}`, { token: admin }))).toEqual(
      [],
    );

    // An image is a document too; the chosen clients are kept, each once.
    const image = expectOk(
      await createDocument(
        { title: 'Esquema de montaje', document_category_id: cat.id, visibility: 3, client_ids: [2, 1, 2] },
        { filename: 'montaje.png', data: png(4, 4) },
      ),
      20001,
    );
    expect(image).toMatchObject({
      title: 'Esquema de montaje',
      visibility: 3,
      client_ids: [1, 2],
      file_extension: 'png',
      download_url: `/api/document/download/${image.id}`,
    });
    expect(image.file).toMatch(/^\/api\/document\/file\/[0-9a-z]+\.[\w-]{32}\/file\/[\w-]+-montaje\.png$/);
    // Its list row says the same, the chosen clients read in the page's own statement.
    const [listed] = (await page(admin, 'document', { q: 'Esquema de montaje', document_category_id: cat.id })).items;
    expect(listed).toMatchObject({
      id: image.id, client_ids: [1, 2], file_extension: 'png', download_url: `/api/document/download/${image.id}`,
    });
    expect(listed.file).toMatch(/-montaje\.png$/);
  });

  it('staff edit a document: a partial update keeps its file and chosen clients; narrowing the visibility drops them', async () => {
    const cat = await category();
    const doc = await documentFor(cat.id, DocumentVisibility.chosenClients, [1, 3]);
    const renamed = expectOk(
      await t.call('POST', '/api/document/update', { token: admin, body: jsonData({ id: doc.id, title: 'Ficha técnica 2027' }) }),
      20001,
    );
    expect(renamed).toMatchObject({ title: 'Ficha técnica 2027', client_ids: [1, 3], file: doc.file });
    const forAll = expectOk(
      await t.call('POST', '/api/document/update', {
        token: admin,
        body: jsonData({ id: doc.id, visibility: DocumentVisibility.allClients }),
      }),
      20001,
    );
    expect(forAll.client_ids).toEqual([]);
    // Its audit rows say who addressed it to whom, with the record's own change.
    const audited = expectOk(
      await t.call('GET', `/api/audit/all?${filterQuery({ resource: 'document', record_id: String(doc.id) })}`, { token: admin }),
    )
      .sort((a: Row, b: Row) => a.id - b.id)
      .map((a: Row) => [a.action, a.user_id, a.before?.client_ids, a.after?.client_ids]);
    expect(audited).toEqual([['create', 1, undefined, [1, 3]], ['update', 1, [1, 3], [1, 3]], ['update', 1, [1, 3], []]]);
    // A new file replaces the old one, which leaves the store.
    const replaced = expectOk(await t.call('POST', '/api/document/update', {
      token: admin, ...multipart({ data: JSON.stringify({ id: doc.id }) }, { file: { filename: 'nueva.pdf', data: pdf() } }),
    }), 20001);
    expect(replaced.file).not.toBe(doc.file);
    expect((await t.call('GET', doc.file, { token: admin })).status).toBe(404);
    expect((await t.call('GET', replaced.file, { token: admin })).status).toBe(200);
  });

  it('member A reads those for all clients and those chosen for its client; member B of another client does not see A\'s', async () => {
    const cat = await category();
    const title = `Garantía ${uniq()}`;
    const forAll = await documentFor(cat.id, DocumentVisibility.allClients, [], `${title} general`);
    const forA = await documentFor(cat.id, DocumentVisibility.chosenClients, [1], `${title} Agua Azul`);
    const forAandC = await documentFor(cat.id, DocumentVisibility.chosenClients, [3, 1], `${title} varios`);
    const staffOnly = await documentFor(cat.id, DocumentVisibility.staff, [], `${title} interna`);
    const b = await signInMemberB();

    const seenByA = await page(memberA, 'document', { q: title });
    expect(ids(seenByA.items).sort()).toEqual([forAll.id, forA.id, forAandC.id].sort());
    expect(seenByA.total).toBe(3);
    const seenByB = await page(b, 'document', { q: title });
    expect(ids(seenByB.items)).toEqual([forAll.id]);
    expect(ids(expectOk(await t.call('GET', `/api/document/all?${filterQuery({ document_category_id: cat.id })}`, { token: b })))).toEqual([
      forAll.id,
    ]);
    expect(ids(expectOk(await t.call('GET', '/api/document/dropdown', { token: b })).map((o: Row) => ({ id: o.value })))).not.toContain(
      forA.id,
    );
    expect(
      expectOk(await t.call('POST', '/api/document/filteredDropdown', { token: b, body: { query: title } })).map((o: Row) => o.value),
    ).toEqual([forAll.id]);
    for (const hidden of [forA, forAandC, staffOnly]) {
      expectError(await t.call('GET', `/api/document/data/${hidden.id}`, { token: b }), 404, Code.error);
      expectError(await t.call('GET', `/api/document/dropdownById/${hidden.id}`, { token: b }), 404, Code.error);
      expectError(await t.call('GET', `/api/document/download/${hidden.id}`, { token: b }), 404, Code.error);
    }
    expectError(await t.call('GET', `/api/document/data/${staffOnly.id}`, { token: memberA }), 404, Code.error);
    expectError(await t.call('GET', `/api/document/download/${staffOnly.id}`, { token: memberA }), 404, Code.error);

    // A member reads its document without the signed file URL nor the other clients it was chosen for.
    const read = expectOk(await t.call('GET', `/api/document/data/${forAandC.id}`, { token: memberA }));
    expect(read).toMatchObject({
      id: forAandC.id,
      title: `${title} varios`,
      file: null,
      file_extension: 'pdf',
      download_url: `/api/document/download/${forAandC.id}`,
    });
    expect(read).not.toHaveProperty('client_ids');
    const listedForA = seenByA.items.find((r) => r.id === forAandC.id)!;
    expect(listedForA).toMatchObject({ file: null, file_extension: 'pdf', download_url: `/api/document/download/${forAandC.id}` });
    expect(listedForA).not.toHaveProperty('client_ids');
    expect(JSON.stringify(seenByA.items)).not.toContain('/api/document/file/');

    // Narrowed later, a document leaves member A at once, download included.
    expectOk(await t.call('POST', '/api/document/update', { token: admin, body: jsonData({ id: forA.id, client_ids: [2] }) }), 20001);
    expectError(await t.call('GET', `/api/document/download/${forA.id}`, { token: memberA }), 404, Code.error);
    expectOk(await t.call('GET', `/api/document/data/${forA.id}`, { token: b }));
  });

  it('serves the file to the member it is meant for, named by the document\'s title', async () => {
    const cat = await category();
    const bytes = Buffer.concat([pdf(), Buffer.from(`% ${uniq()}\n`)]);
    const doc = expectOk(
      await createDocument(
        { title: 'Garantía: cobertor "Invierno"', document_category_id: cat.id, visibility: 3, client_ids: [1] },
        { filename: 'g.pdf', data: bytes },
      ),
      20001,
    );
    const res = await t.call('GET', `/api/document/download/${doc.id}`, { token: memberA });
    expect(res.status).toBe(200);
    expect(res.response.headers['content-type']).toBe('application/pdf');
    expect(res.response.headers['cache-control']).toBe('private, no-store');
    expect(res.response.headers['content-disposition']).toBe(
      `attachment; filename="Garantia- cobertor -Invierno.pdf"; filename*=UTF-8''${encodeURIComponent('Garantía- cobertor -Invierno.pdf')}`,
    );
    expect(res.response.rawPayload.equals(bytes)).toBe(true);
    // Staff download it too, and also get the signed URL the dialog shows.
    expect((await t.call('GET', `/api/document/download/${doc.id}`, { token: admin })).response.rawPayload.equals(bytes)).toBe(true);
    expect((await t.call('GET', doc.file, { token: admin })).response.rawPayload.equals(bytes)).toBe(true);
    expectError(await t.call('GET', '/api/document/download/abc', { token: admin }), 400, Code.error, Msg.idInvalid);
    expectError(await t.call('GET', '/api/document/download/99999999', { token: admin }), 404, Code.error);
  });

  it('refuses workshop staff and anonymous callers everything, and members every write', async () => {
    const cat = await category();
    const doc = await documentFor(cat.id, DocumentVisibility.allClients);
    for (const url of [
      '/api/document/page/1',
      '/api/document/all',
      '/api/document/dropdown',
      `/api/document/data/${doc.id}`,
      `/api/document/download/${doc.id}`,
    ]) {
      expectError(await t.call('GET', url, { token: taller }), 403, Code.error);
      expectError(await t.call('GET', url, {}), 401, Code.invalidToken);
    }
    expectError(await createDocument({ title: 'Mío', document_category_id: cat.id, visibility: 2 }, undefined, memberA), 403, Code.error);
    expectError(
      await createDocument({ title: 'Del taller', document_category_id: cat.id, visibility: 2 }, undefined, taller),
      403,
      Code.error,
    );
    expectError(
      await t.call('POST', '/api/document/update', { token: memberA, body: jsonData({ id: doc.id, title: 'Cambiado' }) }),
      403,
      Code.error,
    );
    expectError(await t.call('POST', '/api/document/delete', { token: memberA, body: { id: doc.id } }), 403, Code.error);
    expect(expectOk(await t.call('GET', `/api/document/data/${doc.id}`, { token: admin })).title).toBe(doc.title);
  });

  it('writes an audit row for each change, and deleting a document takes its file and chosen clients with it', async () => {
    const cat = await category();
    const doc = await documentFor(cat.id, DocumentVisibility.chosenClients, [1]);
    expectOk(
      await t.call('POST', '/api/document/update', { token: admin, body: jsonData({ id: doc.id, title: 'Certificado CE' }) }),
      20001,
    );
    expectOk(await t.call('POST', '/api/document/delete', { token: admin, body: { id: doc.id } }), 20001);
    const audits: Row[] = expectOk(
      await t.call('GET', `/api/audit/page/1?per_page=100&${filterQuery({ resource: 'document', record_id: String(doc.id) })}`, {
        token: admin,
      }),
    )
      .items.filter((a: Row) => a.record_id === String(doc.id))
      .reverse();
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(audits[1].after).toMatchObject({ title: 'Certificado CE', visibility: 3 });
    expect((await t.call('GET', doc.file, { token: admin })).status).toBe(404);
    const categoryAudits: Row[] = expectOk(
      await t.call('GET', `/api/audit/page/1?per_page=100&${filterQuery({ resource: 'documentCategory', record_id: String(cat.id) })}`, {
        token: admin,
      }),
    ).items;
    expect(categoryAudits.filter((a) => a.record_id === String(cat.id)).map((a) => a.action)).toEqual(['create']);
  });
});
