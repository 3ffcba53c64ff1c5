/**
 * A route registered from its contract (src/server/plugins/contracts.ts), on a bare Fastify app with the
 * envelope: the request is read by the contract's schemas and refused in Spanish, and the answer is read
 * through the contract's `data` as the server's `answerCheck` says (strict in tests, strip in production).
 */
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract, mayCall, pathOf } from '../../src/shared/contracts/contract';
import contracts, { route } from '../../src/server/plugins/contracts';
import envelope, { ok } from '../../src/server/plugins/envelope';
import type { AnswerCheck } from '../../src/server/config';

const priceQuestion = defineContract({
  method: 'POST',
  path: '/api/test/price/:season',
  access: 'public',
  tag: 'Pruebas',
  summary: 'Un precio',
  params: z.object({ season: z.enum(['1', '2'], { error: 'Elija la temporada' }) }),
  body: z.object({ width: z.number({ error: 'Indique el ancho' }) }),
  data: z.object({ price: z.number(), label: z.string() }),
});

/** What the handler answers: the price, plus (when asked) a field the contract does not declare or a wrong type. */
async function appWith(answers: AnswerCheck, answer: (width: number) => Record<string, unknown>, log?: string[]) {
  const app = Fastify({ logger: log ? { level: 'error', stream: { write: (line: string) => log.push(line) } } : false });
  await app.register(multipart);
  await app.register(envelope);
  await app.register(contracts, { answers });
  route(app, priceQuestion, async ({ params, body }) => ok(answer(body.width) as never, `Temporada ${params.season}`));
  return app;
}

const post = (app: Awaited<ReturnType<typeof appWith>>, payload: unknown, season = '1') =>
  app.inject({
    method: 'POST', url: `/api/test/price/${season}`, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' },
  });

describe('a request read by its contract', () => {
  it('hands the handler what the schemas read', async () => {
    const app = await appWith('strict', (width) => ({ price: width * 2, label: 'doble' }));
    const res = await post(app, { width: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 20001, message: 'Temporada 1', data: { price: 6, label: 'doble' } });
  });

  it('refuses a body that is not a JSON object in Spanish, whatever it is', async () => {
    const app = await appWith('strict', () => ({ price: 1, label: '' }));
    for (const body of ['x', 7, [1, 2], null]) {
      const res = await post(app, body);
      expect({ body, status: res.statusCode, answer: res.json() }).toEqual({
        body, status: 400, answer: { code: 40001, message: 'El cuerpo de la petición debe ser un objeto JSON' },
      });
    }
  });

  it('refuses a field or a path parameter with its own message', async () => {
    const app = await appWith('strict', () => ({ price: 1, label: '' }));
    const wrongField = await post(app, { width: '3' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ code: 40001, message: 'Indique el ancho', error: { width: 'Indique el ancho' } });
    const wrongSeason = await post(app, { width: 3 }, '9');
    expect(wrongSeason.json()).toEqual({ code: 40001, message: 'Elija la temporada', error: { season: 'Elija la temporada' } });
  });
});

describe('an answer read through its contract', () => {
  it('strict: a field the contract does not declare fails the answer, naming it', async () => {
    const app = await appWith('strict', () => ({ price: 1, label: 'uno', cost: 0.4 }));
    const res = await post(app, { width: 1 });
    expect(res.statusCode).toBe(500);
    expect(res.json().message)
      .toBe('Respuesta fuera de contrato: POST /api/test/price/:season: data.cost: campo no declarado en el contrato');
  });

  it('strict: a field of the wrong type fails the answer, naming it', async () => {
    const app = await appWith('strict', () => ({ price: '1', label: 'uno' }));
    const res = await post(app, { width: 1 });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toMatch(/^Respuesta fuera de contrato: POST \/api\/test\/price\/:season: data\.price: /);
  });

  it('strip: a field the contract does not declare never leaves the server', async () => {
    const app = await appWith('strip', () => ({ price: 1, label: 'uno', cost: 0.4 }));
    const res = await post(app, { width: 1 });
    expect(res.json()).toEqual({ code: 20001, message: 'Temporada 1', data: { price: 1, label: 'uno' } });
  });

  it('strip: an answer that breaks its contract is sent as it is, not failed', async () => {
    const app = await appWith('strip', () => ({ price: '1', label: 'uno' }));
    const res = await post(app, { width: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ price: '1', label: 'uno' });
  });

  it('sample: one answer in a hundred is checked, a breach logged with the endpoint and the field; all are sent', async () => {
    const log: string[] = [];
    const app = await appWith('sample', () => ({ price: 1, label: 'uno', cost: 0.4 }), log);
    for (let i = 0; i < 200; i++) expect((await post(app, { width: 1 })).json().data).toEqual({ price: 1, label: 'uno', cost: 0.4 });
    expect(log.length).toBe(2);
    expect(JSON.parse(log[0])).toMatchObject({
      msg: 'answer out of contract', contract: 'POST /api/test/price/:season', field: 'data.cost',
      problem: 'campo no declarado en el contrato',
    });
  });

  it('keeps every contract registered, for the document and the guard test', async () => {
    const app = await appWith('off', () => ({}));
    expect(app.contracts).toEqual([priceQuestion]);
  });
});

describe('paths and access', () => {
  it('writes parameters into the path, encoded; an optional last one is left out when not given', () => {
    expect(pathOf({ path: '/api/x/:id/:fare' }, { id: 7, fare: 'a b' })).toBe('/api/x/7/a%20b');
    expect(pathOf({ path: '/api/budget/getOrderedBudgetsDropdown/:id?' }, {})).toBe('/api/budget/getOrderedBudgetsDropdown');
    expect(pathOf({ path: '/api/budget/getOrderedBudgetsDropdown/:id?' }, { id: 3 })).toBe('/api/budget/getOrderedBudgetsDropdown/3');
    expect(() => pathOf({ path: '/api/x/:id' }, {})).toThrow('falta el parámetro id');
  });

  it('lets office and members call a route for users, never the workshop; a role list, only those roles', () => {
    expect([mayCall('user', ['admin']), mayCall('user', ['client']), mayCall('user', ['taller'])]).toEqual([true, true, false]);
    expect([mayCall(['taller'], ['admin']), mayCall(['taller'], ['taller'])]).toEqual([false, true]);
    expect([mayCall('signedIn', ['taller']), mayCall('public', [])]).toEqual([true, true]);
  });
});
