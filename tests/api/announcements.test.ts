/** The bulletin board (issue 17 §2): validation, audience scoping, visibility window, read marks, readers, attachments, audit. */
import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { madridToday } from '../../src/shared/madrid';
import { resources } from '../../schemas';
import { getSettings } from '../../src/server/domain/settings';
import { fileToken } from '../../src/server/files/urls';
import { useTestApp, type TestApp } from '../support/app';
import { createUser, expectError, expectOk, filterQuery, jsonData, multipart, pdf, png, tokenOf } from './helpers';

let t: TestApp;
let admin: string;
let memberA: string;
let taller: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente: memberA, taller } = tokens); });

type Row = Record<string, any>;
const DAY = 86_400_000;
/** A Madrid day `n` days from today. */
const day = (n: number) => madridToday(Date.now() + n * DAY);

const create = (data: Row, token = admin) => t.call('POST', '/api/announcement/create', { token, body: jsonData(data) });
const publish = async (data: Row) => expectOk(await create({ body: 'Texto del anuncio', audience: 1, ...data }), 20001) as Row;
const idsOf = (rows: Row[]) => rows.map((r) => r.id as number);
const listIds = async (token: string) => idsOf(expectOk(await t.call('GET', '/api/announcement/all', { token })));
const boardIds = async (token: string) => idsOf(expectOk(await t.call('GET', '/api/announcement/board', { token })));
const unread = async (token: string) => expectOk(await t.call('GET', '/api/announcement/unreadCount', { token })).count as number;

describe('announcement validation', () => {
  it('asks for the title, the text and the audience, in Spanish', async () => {
    expectError(await create({}), 400, Code.error, undefined, {
      title: Msg.announcementTitle, body: Msg.announcementBody, audience: Msg.announcementAudience,
    });
    expectError(await create({ title: '   ', body: 'x', audience: 9 }), 400, Code.error, undefined, {
      title: Msg.announcementTitle,
      audience: Msg.announcementAudience,
    });
  });

  it('asks for the chosen clients when the audience is "clientes elegidos", and refuses clients that do not exist', async () => {
    expectError(await create({ title: 'T', body: 'B', audience: 2 }), 400, Code.error, Msg.announcementClients, {
      client_ids: Msg.announcementClients,
    });
    expectError(await create({ title: 'T', body: 'B', audience: 2, client_ids: [] }), 400, Code.error, undefined, {
      client_ids: Msg.announcementClients,
    });
    expectError(await create({ title: 'T', body: 'B', audience: 2, client_ids: [999_999] }), 400, Code.error, undefined, {
      client_ids: Msg.referenceMissing,
    });
  });

  it('refuses a "visible until" before "visible from" and days that are not days', async () => {
    expectError(
      await create({ title: 'T', body: 'B', audience: 1, visible_from: day(3), visible_until: day(1) }),
      400,
      Code.error,
      undefined,
      { visible_until: Msg.announcementUntilBeforeFrom },
    );
    expectError(await create({ title: 'T', body: 'B', audience: 1, visible_from: '2026-02-30' }), 400, Code.error, undefined, {
      visible_from: Msg.dateInvalid,
    });
    expectError(await create({ title: 'T', body: 'B', audience: 1, visible_until: 'mañana' }), 400, Code.error, undefined, {
      visible_until: Msg.dateInvalid,
    });
    // The same day for both is a one-day announcement.
    const oneDay = await publish({ title: 'Un día', visible_from: day(0), visible_until: day(0) });
    expect([oneDay.visible_from, oneDay.visible_until]).toEqual([day(0), day(0)]);
  });

  it('only staff with the admin role write: members and the workshop get 403', async () => {
    expectError(await create({ title: 'T', body: 'B', audience: 1 }, memberA), 403, Code.error);
    expectError(await create({ title: 'T', body: 'B', audience: 3 }, taller), 403, Code.error);
    const row = await publish({ title: 'Para borrar' });
    expectError(
      await t.call('POST', '/api/announcement/update', { token: memberA, body: jsonData({ ...row, title: 'X' }) }),
      403,
      Code.error,
    );
    expectError(await t.call('POST', '/api/announcement/delete', { token: taller, body: { id: row.id } }), 403, Code.error);
  });
});

describe('who sees what', () => {
  let memberB: string;
  let forAll: Row; let forA: Row; let forB: Row; let forStaff: Row; let expired: Row; let future: Row; let current: Row; let today: Row;

  beforeAll(async () => {
    const b = await createUser(t, admin, { client_id: 2 });
    memberB = await tokenOf(t, b.username, b.password);
    forAll = await publish({ title: 'Vacaciones de agosto' });
    forA = await publish({ title: 'Sólo Agua Azul', audience: 2, client_ids: [1] });
    forB = await publish({ title: 'Sólo el cliente 2', audience: 2, client_ids: [2] });
    forStaff = await publish({ title: 'Turnos del taller', audience: 3 });
    expired = await publish({ title: 'Caducado', visible_until: day(-1) });
    future = await publish({ title: 'Futuro', visible_from: day(2) });
    current = await publish({ title: 'En curso', visible_from: day(-2), visible_until: day(2) });
    // Both bounds are whole Madrid days: one that starts and ends today is shown all day.
    today = await publish({ title: 'Sólo hoy', visible_from: day(0), visible_until: day(0) });
  });

  it('a member sees the announcements for all clients and for its own client, visible today', async () => {
    const seen = await listIds(memberA);
    expect(seen).toEqual(expect.arrayContaining([forAll.id, forA.id, current.id, today.id]));
    for (const hidden of [forB, forStaff, expired, future]) expect(seen).not.toContain(hidden.id);
    expectOk(await t.call('GET', `/api/announcement/data/${forA.id}`, { token: memberA }));
    for (const hidden of [forB, forStaff, expired, future]) {
      expectError(await t.call('GET', `/api/announcement/data/${hidden.id}`, { token: memberA }), 404, Code.error);
    }
    const page = expectOk(await t.call('GET', `/api/announcement/page/1?${filterQuery({ q: 'Sólo Agua' })}`, { token: memberA }));
    expect(idsOf(page.items)).toEqual([forA.id]);
  });

  it('member B of another client sees its own, never A\'s', async () => {
    const seen = await listIds(memberB);
    expect(seen).toEqual(expect.arrayContaining([forAll.id, forB.id]));
    expect(seen).not.toContain(forA.id);
    expectError(await t.call('GET', `/api/announcement/data/${forA.id}`, { token: memberB }), 404, Code.error);
    expectError(await t.call('POST', `/api/announcement/markRead/${forA.id}`, { token: memberB }), 404, Code.error);
    expect(await boardIds(memberB)).not.toContain(forA.id);
    // The page member A asked above, its statement prepared once by its structure: B's own client's, never A's.
    const page = expectOk(await t.call('GET', `/api/announcement/page/1?${filterQuery({ q: 'Sólo Agua' })}`, { token: memberB }));
    expect(idsOf(page.items)).toEqual([]);
    expect(idsOf(expectOk(await t.call('GET', '/api/announcement/page/1?per_page=100', { token: memberA })).items)).toContain(forA.id);
    const all = expectOk(await t.call('GET', '/api/announcement/page/1?per_page=100', { token: memberB }));
    expect(idsOf(all.items)).toEqual(expect.arrayContaining([forAll.id, forB.id]));
    expect(idsOf(all.items)).not.toContain(forA.id);
  });

  it('a member never learns which other clients an announcement went to; staff do', async () => {
    const mine = expectOk(await t.call('GET', `/api/announcement/data/${forA.id}`, { token: memberA }));
    expect(mine).not.toHaveProperty('client_ids');
    expect(expectOk(await t.call('GET', `/api/announcement/data/${forA.id}`, { token: admin })).client_ids).toEqual([1]);
    // Lists too, read in the page's own statement: the chosen clients in order for staff, none for a member.
    const both = await publish({ title: 'Para los dos clientes', audience: 2, client_ids: [2, 1] });
    const staffPage = expectOk(await t.call('GET', `/api/announcement/page/1?${filterQuery({ q: 'los dos clientes' })}`, { token: admin }));
    expect(staffPage.items.map((r: Row) => [r.id, r.client_ids, r.visible_from])).toEqual([[both.id, [1, 2], null]]);
    const forEveryone = filterQuery({ q: 'Vacaciones de agosto' });
    const allClients = expectOk(await t.call('GET', `/api/announcement/page/1?${forEveryone}`, { token: admin }));
    expect(allClients.items.map((r: Row) => r.client_ids)).toEqual([[]]);
    const memberPage = expectOk(await t.call('GET', `/api/announcement/page/1?${filterQuery({ q: 'Sólo Agua' })}`, { token: memberA }));
    expect(memberPage.items[0]).not.toHaveProperty('client_ids');
    const running = expectOk(await t.call('GET', `/api/announcement/page/1?${filterQuery({ q: 'En curso' })}`, { token: memberA }));
    expect(running.items.map((r: Row) => [r.visible_from, r.visible_until])).toEqual([[day(-2), day(2)]]);
  });

  it('the workshop sees only the staff announcements; admins see every one', async () => {
    const seen = await listIds(taller);
    expect(seen).toContain(forStaff.id);
    for (const hidden of [forAll, forA, forB, expired]) expect(seen).not.toContain(hidden.id);
    expect(await listIds(admin)).toEqual(expect.arrayContaining(idsOf([forAll, forA, forB, forStaff, expired, future, current])));
  });

  it('anonymous callers get 50008 on every board endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/announcement/all'],
      ['GET', '/api/announcement/board'],
      ['GET', '/api/announcement/unreadCount'],
      ['POST', `/api/announcement/markRead/${forAll.id}`],
      ['GET', `/api/announcement/readers/${forAll.id}`],
    ] as const) {
      expectError(await t.call(method, url), 401, Code.invalidToken);
    }
  });

  it('moving an announcement to all clients drops its chosen clients', async () => {
    const row = await publish({ title: 'Cambia de destinatarios', audience: 2, client_ids: [2] });
    expect(await listIds(memberA)).not.toContain(row.id);
    const updated = expectOk(
      await t.call('POST', '/api/announcement/update', { token: admin, body: jsonData({ id: row.id, audience: 1 }) }),
      20001,
    );
    expect(updated.client_ids).toEqual([]);
    expect(await listIds(memberA)).toContain(row.id);
    // A partial update keeps the chosen clients it does not mention.
    const chosen = await publish({ title: 'Elegidos', audience: 2, client_ids: [1, 2] });
    expect(
      expectOk(await t.call('POST', '/api/announcement/update', { token: admin, body: jsonData({ id: chosen.id, pinned: true }) }), 20001)
        .client_ids,
    ).toEqual([1, 2]);

    // Who addressed it to whom is in its audit rows, with the record's own change.
    const audits = async (id: number) =>
      expectOk(await t.call('GET', `/api/audit/all?${filterQuery({ resource: 'announcement', record_id: String(id) })}`, { token: admin }))
        .sort((a: Row, b: Row) => a.id - b.id)
        .map((a: Row) => [a.action, a.before?.client_ids, a.after?.client_ids]);
    expect(await audits(row.id)).toEqual([['create', undefined, [2]], ['update', [2], []]]);
    expect(await audits(chosen.id)).toEqual([['create', undefined, [1, 2]], ['update', [1, 2], [1, 2]]]);
  });
});

describe('read marks and readers', () => {
  it('the board lists pinned first then newest; opening one marks it read once and the unread count drops', async () => {
    const member = await createUser(t, admin, { client_id: 1 });
    const token = await tokenOf(t, member.username, member.password);
    const older = await publish({ title: 'Antiguo fijado', pinned: true });
    const newer = await publish({ title: 'Nuevo' });
    const board: Row[] = expectOk(await t.call('GET', '/api/announcement/board', { token }));
    const positions = [older.id, newer.id].map((id) => board.findIndex((r) => r.id === id));
    expect(positions[0]).toBeLessThan(positions[1]);
    expect(board.filter((r) => r.pinned).every((r) => board.indexOf(r) < board.findIndex((x) => !x.pinned))).toBe(true);
    expect(board.find((r) => r.id === newer.id)!.read_at).toBeNull();

    const before = await unread(token);
    expect(before).toBe(board.length);
    const first = expectOk(await t.call('POST', `/api/announcement/markRead/${newer.id}`, { token }));
    expect(await unread(token)).toBe(before - 1);
    const again = expectOk(await t.call('POST', `/api/announcement/markRead/${newer.id}`, { token }));
    expect(again.read_at).toBe(first.read_at);
    expect(await unread(token)).toBe(before - 1);
    expect(expectOk(await t.call('GET', `/api/announcement/data/${newer.id}`, { token })).read_at).toBe(first.read_at);
    // The list page reads the mark in its own statement: the same instant, and none on the one not opened.
    const listed: Row[] = expectOk(await t.call('GET', '/api/announcement/page/1?per_page=100', { token })).items;
    expect(listed.find((r) => r.id === newer.id)!.read_at).toBe(first.read_at);
    expect(listed.find((r) => r.id === older.id)!.read_at).toBeNull();
    expectError(await t.call('POST', '/api/announcement/markRead/abc', { token }), 400, Code.error, Msg.idInvalid);
    expectError(await t.call('POST', '/api/announcement/markRead/99999999', { token }), 404, Code.error);
  });

  it('staff see who of the addressed members has read it, and when; only admins', async () => {
    const reader = await createUser(t, admin, { client_id: 1, first_name: 'Lectora' });
    const absent = await createUser(t, admin, { client_id: 1, first_name: 'Ausente' });
    const other = await createUser(t, admin, { client_id: 2, first_name: 'Otra' });
    const row = await publish({ title: 'Para Agua Azul', audience: 2, client_ids: [1] });
    expectOk(await t.call('POST', `/api/announcement/markRead/${row.id}`, { token: await tokenOf(t, reader.username, reader.password) }));

    const readers: Row[] = expectOk(await t.call('GET', `/api/announcement/readers/${row.id}`, { token: admin }));
    const byId = new Map(readers.map((r) => [r.user_id, r]));
    expect(byId.get(reader.id)).toMatchObject({
      name: 'Lectora Usuario Test',
      client_name: expect.any(String),
      read_at: expect.any(String),
    });
    expect(byId.get(absent.id)).toMatchObject({ read_at: null });
    expect(byId.has(other.id)).toBe(false);
    // Read ones first.
    expect(readers[0].user_id).toBe(reader.id);

    const staffRow = await publish({ title: 'Para el personal', audience: 3 });
    expectOk(await t.call('POST', `/api/announcement/markRead/${staffRow.id}`, { token: taller }));
    const staffReaders: Row[] = expectOk(await t.call('GET', `/api/announcement/readers/${staffRow.id}`, { token: admin }));
    expect(staffReaders.map((r) => r.username)).toEqual(expect.arrayContaining(['admin', 'taller']));
    expect(staffReaders.find((r) => r.username === 'taller')!.read_at).toEqual(expect.any(String));
    expect(staffReaders.some((r) => r.username === 'cliente')).toBe(false);

    // An admin's reading counts only for the staff announcements, the ones addressed to staff.
    expectOk(await t.call('POST', `/api/announcement/markRead/${staffRow.id}`, { token: admin }));
    expectError(await t.call('POST', `/api/announcement/markRead/${row.id}`, { token: admin }), 404, Code.error);
    expect(
      (expectOk(await t.call('GET', `/api/announcement/readers/${row.id}`, { token: admin })) as Row[]).some((r) => r.username === 'admin'),
    ).toBe(false);

    expectError(await t.call('GET', `/api/announcement/readers/${row.id}`, { token: memberA }), 403, Code.error);
    expectError(await t.call('GET', `/api/announcement/readers/${row.id}`, { token: taller }), 403, Code.error);
    expectError(await t.call('GET', '/api/announcement/readers/99999999', { token: admin }), 404, Code.error);
  });
});

describe('attachments and audit', () => {
  const upload = (fields: Row, file: { filename: string; data: Buffer }) => {
    const body = multipart({ data: JSON.stringify(fields) }, { attachment: file });
    return t.call('POST', '/api/announcement/create', { token: admin, payload: body.payload, headers: body.headers });
  };

  it('takes a PDF or an image judged by content, and refuses a fake PDF', async () => {
    const fields = { title: 'Con adjunto', body: 'Vea el adjunto', audience: 1 };
    expectError(
      await upload(fields, { filename: 'catalogo.pdf', data: Buffer.from('esto no es un pdf, es texto') }),
      400,
      Code.error,
      undefined,
      { attachment: Msg.announcementAttachmentType },
    );
    const withPdf = expectOk(await upload(fields, { filename: 'catalogo.pdf', data: pdf() }), 20001);
    expect(withPdf.attachment).toMatch(/^\/api\/announcement\/file\//);
    const withImage = expectOk(await upload(fields, { filename: 'foto.png', data: png() }), 20001);
    expect(withImage.attachment).toMatch(/\.png$/);
    // The member it is addressed to downloads it through the signed URL it was given.
    const seen: Row[] = expectOk(await t.call('GET', '/api/announcement/board', { token: memberA }));
    const url = seen.find((r) => r.id === withPdf.id)!.attachment as string;
    const file = await t.call('GET', url, { token: memberA });
    expect(file.status).toBe(200);
    expect(file.response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  // Issue 29 §3: a private file's link is worth only what the session behind it may read now.
  it('serves an attachment only to a session that may read the announcement now', async () => {
    const row = expectOk(
      await upload({ title: 'Adjunto para todos', body: 'Vea el adjunto', audience: 1 }, { filename: 'tarifa.pdf', data: pdf() }),
      20001,
    );
    const seen: Row[] = expectOk(await t.call('GET', '/api/announcement/board', { token: memberA }));
    const url = seen.find((r) => r.id === row.id)!.attachment as string;
    expect((await t.call('GET', url, { token: memberA })).status).toBe(200);
    expect((await t.call('GET', url, { token: admin })).status).toBe(200);
    // Without a session the link is nothing, even fresh: the session is asked for, like anywhere else.
    expectError(await t.call('GET', url), 401, Code.invalidToken);
    // The workshop reads only staff announcements: not this one, nor its file.
    expectError(await t.call('GET', url, { token: taller }), 404, Code.error, Msg.fileMissing);

    // The admin narrows it to client 2: client 1's member keeps the link, and it no longer opens.
    expectOk(
      await t.call('POST', '/api/announcement/update', { token: admin, body: jsonData({ id: row.id, audience: 2, client_ids: [2] }) }),
      20001,
    );
    expectError(await t.call('GET', url, { token: memberA }), 404, Code.error, Msg.fileMissing);
    expect((await t.call('GET', url, { token: admin })).status).toBe(200);
  });

  it('lets a private link expire within the hour, and keeps a browser from caching it longer', async () => {
    const row = expectOk(
      await upload({ title: 'Caduca', body: 'Vea el adjunto', audience: 1 }, { filename: 'caduca.pdf', data: pdf() }),
      20001,
    );
    const url = row.attachment as string;
    const fresh = await t.call('GET', url, { token: admin });
    expect(fresh.status).toBe(200);
    const maxAge = Number(/max-age=(\d+)/.exec(String(fresh.response.headers['cache-control']))?.[1]);
    expect(fresh.response.headers['cache-control']).toMatch(/^private, /);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(600);

    // The same file's link as issued an hour ago: signed by us, past its expiry.
    const [, , , , , field, filename] = url.split('/');
    const { file_secret } = await getSettings(t.ctx.db);
    const oldToken = fileToken(file_secret, resources.announcement, field, filename, Date.now() - 60 * 60_000);
    expectError(
      await t.call('GET', `/api/announcement/file/${oldToken}/${field}/${filename}`, { token: admin }),
      404,
      Code.error,
      Msg.fileLinkExpired,
    );
    // Opened in a tab of its own, the refusal is a Spanish page with the way back, not the API's JSON.
    const inTab = await t.call('GET', `/api/announcement/file/${oldToken}/${field}/${filename}`, {
      token: admin,
      headers: { 'sec-fetch-dest': 'document' },
    });
    expect(inTab.status).toBe(404);
    expect(inTab.response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(inTab.response.body).toContain(Msg.fileLinkExpired);
    expect(inTab.response.body).toContain('<a href="/">Volver a la aplicación</a>');
    // A link of the old kind (no expiry in it) is no link at all.
    const unexpiring = oldToken.split('.')[1];
    expectError(
      await t.call('GET', `/api/announcement/file/${unexpiring}/${field}/${filename}`, { token: admin }),
      404,
      Code.error,
      Msg.fileMissing,
    );
  });

  it('writes an audit row per change', async () => {
    const row = await publish({ title: 'Auditado', audience: 2, client_ids: [1] });
    expectOk(
      await t.call('POST', '/api/announcement/update', { token: admin, body: jsonData({ id: row.id, title: 'Auditado 2' }) }),
      20001,
    );
    expectOk(await t.call('POST', '/api/announcement/delete', { token: admin, body: { id: row.id } }), 20001);
    const audits = expectOk(
      await t.call('GET', `/api/audit/page/1?per_page=100&${filterQuery({ resource: 'announcement', record_id: String(row.id) })}`, {
        token: admin,
      }),
    );
    expect(audits.items.map((a: Row) => a.action).sort()).toEqual(['create', 'delete', 'update']);
    const created = audits.items.find((a: Row) => a.action === 'create');
    expect(created.after).toMatchObject({ title: 'Auditado', audience: 2 });
  });
});
