/**
 * Kiosk links to the production board (issue 44 §2): the office makes a link whose key is shown once and
 * stored only as its SHA-256; the key opens the board and its stream without a session, and nothing else;
 * revoked, it opens nothing and its open stream ends at once.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code } from '../../src/shared/codes';
import { board_links } from '../../src/server/db/tables';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, filterQuery } from './helpers';

let t: TestApp;
let admin: string;
let taller: string;
useTestApp((app, tokens) => { t = app; ({ admin, taller } = tokens); }, { listen: true });

type Row = Record<string, any>;
const create = (name: unknown, token = admin) => t.call('POST', '/api/traceability/boardLinks/create', { token, body: { name } });
const revoke = (id: number, token = admin) => t.call('POST', `/api/traceability/boardLinks/revoke/${id}`, { token });
const GONE = 'Ese enlace del tablero no existe o ya se ha revocado';

/** Opens a kiosk stream without a session; resolves with its status, and `ended` when the server closes it. */
function openStream(key: string): Promise<{ status: number; text: () => string; ended: Promise<void>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${t.url}/api/traceability/kiosk/${key}/events`, (response) => {
      let text = '';
      response.setEncoding('utf8');
      const ended = new Promise<void>((done) => response.on('end', () => done()));
      response.on('data', (part: string) => { text += part; });
      resolve({ status: response.statusCode ?? 0, text: () => text, ended, close: () => request.destroy() });
    });
    request.on('error', (error) => { if (!request.destroyed) reject(error); });
  });
}

describe('kiosk links to the production board', () => {
  it('the office makes one: the key shows once, only its SHA-256 is stored, and the list never shows it', async () => {
    expectError(await create('Pared del taller', taller), 403, Code.error);
    const empty = 'Indique dónde está la pantalla (como mucho 100 caracteres)';
    expectError(await create('  '), 400, Code.error, empty, { name: empty });
    expectError(await create('x'.repeat(101)), 400, Code.error, empty, { name: empty });

    const made = await create('  Pared del taller ');
    const link = expectOk(made, 20001);
    expect(made.body.message).toBe('Enlace creado: cópielo ahora, no se volverá a mostrar');
    expect(link).toMatchObject({ name: 'Pared del taller', created_by: 'Ana Martínez Ruiz', created_at: expect.any(String) });
    expect(link.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.ctx.db.select().from(board_links).where(eq(board_links.id, link.id));
    expect(row.key_hash).toBe(crypto.createHash('sha256').update(link.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link.key);

    const listed: Row[] = expectOk(await t.call('GET', '/api/traceability/boardLinks', { token: admin }));
    expect(listed.find((l) => l.id === link.id))
      .toEqual({ id: link.id, name: 'Pared del taller', created_at: link.created_at, created_by: 'Ana Martínez Ruiz' });
    expect(JSON.stringify(listed)).not.toContain(link.key);
    expectError(await t.call('GET', '/api/traceability/boardLinks', { token: taller }), 403, Code.error);

    const audits = expectOk(await t.call('GET', `/api/audit/page/1?${filterQuery({ resource: 'boardLink' })}`, { token: admin }));
    expect(JSON.stringify(audits)).toContain('Pared del taller');
    expect(JSON.stringify(audits)).not.toContain(link.key);
  });

  it('its key opens the board and its stream without a session, nothing else; revoked, at once nothing', async () => {
    const link = expectOk(await create('Pantalla de corte'), 20001);
    const board = expectOk(await t.call('GET', `/api/traceability/kiosk/${link.key}`, {}));
    expect(board).toEqual(expectOk(await t.call('GET', '/api/traceability/board', { token: taller })));
    // The key is no session: the staff's own board and everything else still ask for one.
    for (const headers of [{ 'x-token': link.key as string }, { authorization: `Bearer ${link.key}` }] as Array<Record<string, string>>)
      expectError(await t.call('GET', '/api/traceability/board', { headers }), 401, 50008);
    // A key one character off, or not a key at all.
    const wrong = `${link.key.slice(0, -1)}${link.key.endsWith('A') ? 'B' : 'A'}`;
    for (const key of [wrong, 'nada'])
      expectError(await t.call('GET', `/api/traceability/kiosk/${key}`, {}), 404, Code.error, GONE);

    const stream = await openStream(link.key);
    expect(stream.status).toBe(200);
    await expect.poll(() => stream.text()).toContain(': tablero de producción');
    const other = expectOk(await create('Otra pantalla'), 20001);
    const otherStream = await openStream(other.key);

    const revoked = await revoke(link.id);
    expect(revoked.body).toMatchObject({ message: 'Enlace revocado', data: { id: link.id } });
    // Its stream ends now, not at the next heartbeat; the other link's stays open.
    const ended = await Promise.race([stream.ended.then(() => 'ended'), new Promise((done) => setTimeout(() => done('open'), 1_000))]);
    expect(ended).toBe('ended');
    const stillOpen = new Promise((done) => setTimeout(() => done('open'), 300));
    expect(await Promise.race([otherStream.ended.then(() => 'ended'), stillOpen])).toBe('open');
    otherStream.close();

    expectError(await t.call('GET', `/api/traceability/kiosk/${link.key}`, {}), 404, Code.error, GONE);
    const again = await openStream(link.key);
    expect(again.status).toBe(404);
    again.close();
    expectError(await revoke(link.id), 404, Code.error, GONE);
    const listed: Row[] = expectOk(await t.call('GET', '/api/traceability/boardLinks', { token: admin }));
    expect(listed.map((l) => l.id)).not.toContain(link.id);
    expect(listed.map((l) => l.id)).toContain(other.id);
  });
});
