/** Client fares (docs/validation.md, docs/api.md) and the app settings record (docs/business-rules.md). */
import { describe, expect, it } from 'vitest';
import { Code, Texts } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, jsonData, multipart, uniq } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

type Row = Record<string, any>;
const FARE_NAME = 'Introduzca el nombre para la tarifa';
const settings = async () => expectOk(await t.call('GET', '/api/appSetting/data/1', { token: admin }));
const updateSettings = (data: Row) => t.call('POST', '/api/appSetting/update', { token: admin, body: { data } });

describe('client fare', () => {
  it('requires a name: "Introduzca el nombre para la tarifa"', async () => {
    expect(Msg.fareName).toBe(FARE_NAME);
    for (const name of [undefined, '', '   ', null]) {
      const res = await t.call('POST', '/api/clientFare/create', { token: admin, body: jsonData({ name }) });
      expectError(res, 400, Code.error, FARE_NAME, { name: FARE_NAME });
    }
    const row = expectOk(
      await t.call('POST', '/api/clientFare/create', { token: admin, body: jsonData({ name: '  Tarifa Distribuidores  ' }) }),
      20001,
    );
    expect(row.name).toBe('Tarifa Distribuidores');
    const emptied = await t.call('POST', '/api/clientFare/update', { token: admin, body: jsonData({ id: row.id, name: '' }) });
    expectError(emptied, 400, Code.error, FARE_NAME, { name: FARE_NAME });
  });

  it('answers getTarifaWEB without a session: the web fare id and name', async () => {
    const anonymous = await t.call('GET', '/api/clientFare/getTarifaWEB');
    expect(expectOk(anonymous)).toEqual({ id: (await settings()).web_fare_id, name: 'Tarifa WEB' });
    expect(expectOk(await t.call('GET', '/api/clientFare/getTarifaWEB', { token: cliente }))).toEqual(anonymous.body.data);
  });

  it('lists the clients of a fare with getClientFareWithClients/:id', async () => {
    const general = expectOk(await t.call('GET', '/api/clientFare/getClientFareWithClients/1', { token: admin }));
    expect(general).toMatchObject({ id: 1, name: 'Tarifa General' });
    expect(general.clients.map((c: Row) => c.name)).toEqual(['Jardines del Sur', 'Piscinas Agua Azul']);
    expect(general.clients.every((c: Row) => c.client_fare_id === 1)).toBe(true);
    const web = expectOk(await t.call('GET', '/api/clientFare/getClientFareWithClients/2', { token: admin }));
    expect(web).toMatchObject({ id: 2, name: 'Tarifa WEB' });
    expect(web.clients.map((c: Row) => c.name)).toEqual(['Mantenimientos Costa Brava']);
    const fresh = expectOk(
      await t.call('POST', '/api/clientFare/create', { token: admin, body: jsonData({ name: `Vacía ${uniq()}` }) }),
      20001,
    );
    expect(expectOk(await t.call('GET', `/api/clientFare/getClientFareWithClients/${fresh.id}`, { token: admin })).clients).toEqual([]);

    expectError(await t.call('GET', '/api/clientFare/getClientFareWithClients/987654', { token: admin }), 404, Code.error, Msg.notFound);
    expectError(await t.call('GET', '/api/clientFare/getClientFareWithClients/1', { token: cliente }), 403, Code.error, Msg.forbidden);
    expectError(await t.call('GET', '/api/clientFare/getClientFareWithClients/1'), 401, Code.invalidToken, Texts.sessionExpired);
  });

  it('answers getFilteredClientFares {page, filter}', async () => {
    const res = expectOk(
      await t.call('POST', '/api/clientFare/getFilteredClientFares', { token: admin, body: { page: 1, filter: 'web' } }),
    );
    expect(res.items.map((r: Row) => r.name)).toEqual(['Tarifa WEB']);
  });

  it('refuses to delete a fare in use by clients or as the web fare', async () => {
    for (const id of [1, 2]) {
      expectError(await t.call('POST', '/api/clientFare/delete', { token: admin, body: { id } }), 400, Code.error, Msg.inUse);
    }
    expect(expectOk(await t.call('GET', '/api/clientFare/getTarifaWEB')).name).toBe('Tarifa WEB');
  });
});

describe('app settings', () => {
  it('reads the single record at data/1 without its secret', async () => {
    const res = await t.call('GET', '/api/appSetting/data/1', { token: admin });
    const data = expectOk(res);
    expect(data).toMatchObject({ id: 1, maintenance_mode: false, platform_scope_id: 1, web_fare_id: 2 });
    expect(data).not.toHaveProperty('file_secret');
    expect(res.response.body).not.toMatch(/secret/);
    expectError(await t.call('GET', '/api/appSetting/data/2', { token: admin }), 404, Code.error, Msg.notFound);
  });

  it('changes platform_scope_id, which the session data then carries', async () => {
    const res = await updateSettings({ id: 1, platform_scope_id: 2 });
    expect(expectOk(res, 20001)).toMatchObject({ id: 1, platform_scope_id: 2, maintenance_mode: false, web_fare_id: 2 });
    expect(expectOk(await t.call('GET', '/api/auth/info', { token: cliente })).user.platform_scope_id).toBe(2);
    expectOk(await updateSettings({ id: 1, platform_scope_id: 1 }), 20001);
    expect(expectOk(await t.call('GET', '/api/auth/info', { token: admin })).user.platform_scope_id).toBe(1);
  });

  it('validates its fields', async () => {
    for (const platform_scope_id of [0, 3, 'abc']) {
      expectError(await updateSettings({ id: 1, platform_scope_id }), 400, Code.error, 'Seleccione el ámbito', {
        platform_scope_id: 'Seleccione el ámbito',
      });
    }
    expectError(await updateSettings({ id: 1, web_fare_id: 987654 }), 400, Code.error, Msg.referenceMissing, {
      web_fare_id: Msg.referenceMissing,
    });
    expectError(await updateSettings({ id: 1, maintenance_mode: 'quizás' }), 400, Code.error);
    expect(await settings()).toMatchObject({ maintenance_mode: false, platform_scope_id: 1, web_fare_id: 2 });
  });

  it('moves the web fare, and getTarifaWEB follows at once', async () => {
    const fare = expectOk(
      await t.call('POST', '/api/clientFare/create', { token: admin, body: jsonData({ name: `Tarifa Web Nueva ${uniq()}` }) }),
      20001,
    );
    expectOk(await updateSettings({ id: 1, web_fare_id: fare.id }), 20001);
    expect(expectOk(await t.call('GET', '/api/clientFare/getTarifaWEB'))).toEqual({ id: fare.id, name: fare.name });
    expectOk(await t.call('POST', '/api/appSetting/update', { token: admin, body: jsonData({ id: 1, web_fare_id: 2 }) }), 20001);
    expect(expectOk(await t.call('GET', '/api/clientFare/getTarifaWEB'))).toEqual({ id: 2, name: 'Tarifa WEB' });
  });

  it('updates record 1 even when the id is left out, and through multipart', async () => {
    expect(expectOk(await updateSettings({ platform_scope_id: 2 }), 20001).id).toBe(1);
    const form = multipart({ data: JSON.stringify({ id: 1, platform_scope_id: 1 }) });
    expect(expectOk(await t.call('POST', '/api/appSetting/update', { token: admin, ...form }), 20001).platform_scope_id).toBe(1);
  });

  it('cannot be created or deleted, even by an admin; a client member cannot touch it', async () => {
    expectError(
      await t.call('POST', '/api/appSetting/create', { token: admin, body: jsonData({ platform_scope_id: 1 }) }),
      403,
      Code.error,
      Msg.forbidden,
    );
    expectError(await t.call('POST', '/api/appSetting/delete', { token: admin, body: { id: 1 } }), 403, Code.error, Msg.forbidden);
    expectError(await t.call('GET', '/api/appSetting/data/1', { token: cliente }), 403, Code.error, Msg.forbidden);
    expectError(
      await t.call('POST', '/api/appSetting/update', { token: cliente, body: { data: { id: 1, maintenance_mode: true } } }),
      403,
      Code.error,
      Msg.forbidden,
    );
    expect((await settings()).maintenance_mode).toBe(false);
  });
});
