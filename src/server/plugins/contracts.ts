/**
 * Routes from their contracts (src/shared/contracts): `route(app, contract, handler)` registers the
 * endpoint with the contract's method, path, access and rate limit, checks its path parameters, query and
 * JSON body with the contract's zod schemas (40001 with each field's Spanish message; a body that is not a
 * JSON object, «El cuerpo de la petición debe ser un objeto JSON») and hands the handler what they read,
 * typed. What the handler answers is read through the contract's `data` as `answers` says:
 *
 * - 'strict' (the tests): every answer checked; one that breaks its contract, or carries a field the
 *   contract does not declare, is a 500 naming the endpoint, the field and what is wrong;
 * - 'strip' (production): every answer serialised from its contract, so a field it does not declare never
 *   leaves the server; one that does not match is logged and sent as it is (users are not failed for it);
 * - 'sample' (the other production choice measured): one answer in SAMPLE_EVERY checked as strictly, a
 *   mismatch logged; all sent as the handler wrote them;
 * - 'off': sent as the handler wrote it.
 *
 * Every contract registered is kept in `app.contracts` (the guard test and the API document read it).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { AnswerOf, Contract, RequestOf } from '../../shared/contracts/contract';
import { Code } from '../../shared/codes';
import { Msg } from '../../shared/messages';
import { fieldErrors } from '../../shared/validation';
import type { AnswerCheck } from '../config';
import { ApiError, badRequest, invalid } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from. */
    contract?: Contract;
  }
  interface FastifyInstance {
    /** Every contract a route was registered from, in order. */
    contracts: Contract[];
    answerCheck: AnswerCheck;
  }
}

/** The JSON answer a handler gives: the envelope, its `data` what the contract says. */
export type Answered<D> = { code: number; message?: string } & (undefined extends D ? { data?: D } : { data: D });

type Handler<C extends Contract> = (
  input: RequestOf<C>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<C['produces'] extends string ? FastifyReply : Answered<AnswerOf<C>>>;

/** Route options a contract does not say: the server's own (upload limits, a rate limit's allow-list). */
type ServerOptions = Pick<RouteShorthandOptions, 'bodyLimit'> & { config?: Record<string, unknown> };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A part of the request read by its schema, or 40001 with each field's message. */
function read(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

/** Registers the contract's endpoint: the handler gets the request as the contract reads it. */
export function route<C extends Contract>(app: FastifyInstance, contract: C, handler: Handler<C>, options: ServerOptions = {}) {
  const { config, ...rest } = options;
  app.route({
    ...rest,
    method: contract.method,
    url: contract.path,
    config: {
      ...config,
      access: contract.access,
      contract,
      ...(contract.rateLimit ? { rateLimit: { ...contract.rateLimit, ...(config?.rateLimit as object | undefined) } } : {}),
      ...(contract.allowInMaintenance ? { allowInMaintenance: true } : {}),
    },
    handler: async (request, reply) => {
      const input = {
        params: read(contract.params, request.params ?? {}),
        query: read(contract.query, request.query ?? {}),
        body: readBody(contract, request),
      } as RequestOf<C>;
      const answer = await handler(input, request, reply);
      if (answer === reply || contract.produces) return answer;
      return checked(app, contract, answer as Answered<unknown>, request);
    },
  });
  app.contracts.push(contract);
}

/** The JSON body: an object, read by the contract's schema; multipart is left to the handler. */
function readBody(contract: Contract, request: FastifyRequest): unknown {
  if (contract.method === 'GET' || request.isMultipart()) return request.body;
  // No body at all reads as an empty object; JSON's null, a text, a number or a list is refused.
  const body = request.body === undefined ? {} : request.body;
  if (!isObject(body)) throw badRequest(Msg.bodyNotObject);
  return contract.record ? body : read(contract.body, body);
}

/** With 'sample', one answer in this many is checked. */
const SAMPLE_EVERY = 100;
let answersSinceSample = 0;

/** The answer as `answers` says (see the top of this file). */
function checked(app: FastifyInstance, contract: Contract, answer: Answered<unknown>, request: FastifyRequest): Answered<unknown> {
  const mode = app.answerCheck;
  if (mode === 'off' || (answer.code !== Code.ok && answer.code !== Code.okWithMessage)) return answer;
  const logged = (breach: Breach) =>
    request.log.error({ contract: `${contract.method} ${contract.path}`, ...breach }, 'answer out of contract');
  if (mode === 'strict' || mode === 'sample') {
    if (mode === 'sample' && ++answersSinceSample < SAMPLE_EVERY) return answer;
    answersSinceSample = 0;
    const breach = breachOf(contract, answer.data);
    if (breach && mode === 'strict') throw outOfContract(contract, breach);
    if (breach) logged(breach);
    return answer;
  }
  if (!contract.data) return answer;
  const result = contract.data.safeParse(answer.data);
  if (result.success) return { ...answer, data: result.data };
  logged(issueOf(result.error));
  return answer;
}

/** Where an answer breaks its contract, and how. */
interface Breach { field: string; problem: string }

function issueOf(error: z.ZodError): Breach {
  const issue = error.issues[0];
  return { field: ['data', ...issue.path.map(String)].join('.'), problem: issue.message };
}

/** How `data` breaks the contract: a value it does not allow, or fields it does not declare. */
function breachOf(contract: Contract, data: unknown): Breach | undefined {
  if (!contract.data) return data === undefined ? undefined : { field: 'data', problem: 'el contrato no declara datos en la respuesta' };
  const result = contract.data.safeParse(data);
  if (!result.success) return issueOf(result.error);
  const extra = new Set<string>();
  undeclared(data, result.data, 'data', extra);
  return extra.size ? { field: [...extra].join(', '), problem: 'campo no declarado en el contrato' } : undefined;
}

function outOfContract(contract: Contract, { field, problem }: Breach) {
  return new ApiError(Code.error, 500, `Respuesta fuera de contrato: ${contract.method} ${contract.path}: ${field}: ${problem}`);
}

/**
 * The fields the answer carries that the contract's reading dropped (zod drops an object's undeclared keys),
 * as `data.items.*.secret`. Values the contract turned into others are not compared, only keys.
 */
function undeclared(sent: unknown, kept: unknown, path: string, found: Set<string>) {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    sent.forEach((item, i) => undeclared(item, kept[i], `${path}.*`, found));
    return;
  }
  if (!isObject(sent) || !isObject(kept)) return;
  for (const key of Object.keys(sent)) {
    if (sent[key] === undefined) continue;
    if (!(key in kept)) found.add(`${path}.${key}`);
    else undeclared(sent[key], kept[key], `${path}.${key}`, found);
  }
}

export default fp<{ answers: AnswerCheck }>(async (app, { answers }) => {
  app.decorate('contracts', [] as Contract[]);
  app.decorate('answerCheck', answers);
}, { name: 'contracts' });
