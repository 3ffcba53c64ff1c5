/**
 * One contract per endpoint (issue 42): what it is called with and what it answers, declared once as zod
 * schemas and read by everybody who meets the endpoint. The server registers its route from the contract
 * and checks requests with it (plugins/contracts.ts), the OpenAPI document is written from it
 * (plugins/apiDocs), the browser calls through it (client/providers/call.ts) and the API tests check every
 * answer against it. A field renamed in `data` breaks the compile where the client reads it.
 */
import type { z } from 'zod';
import type { FormMode, ResourceSchema } from '../resource';
import { OFFICE_AND_MEMBERS, type Role } from '../roles';

/**
 * Who may call an endpoint. 'public': anybody; 'signedIn': every signed-in user (its own session, profile and
 * notices); 'user': office staff and client members (what a route meant before workshop staff existed); a
 * role list: those roles only. The server refuses everybody else before the handler runs.
 */
export type Access = 'public' | 'signedIn' | 'user' | readonly Role[];

export type Method = 'GET' | 'POST';

/** A path parameter or query value as it travels: text, read by the contract's schema. */
type Strings = z.ZodType<Record<string, unknown>, Record<string, string | undefined>>;

export interface Contract {
  method: Method;
  /** Fastify's form: `/api/budget/getBudgetDetails/:id`; an optional last parameter as `:id?`. */
  path: string;
  access: Access;
  /** One line, in Spanish: what the endpoint does. */
  summary: string;
  /** The group the OpenAPI viewer shows it under (a resource's Spanish plural name, or an area). */
  tag: string;
  description?: string;
  params?: Strings;
  query?: Strings;
  /** The JSON body (an object); with `multipart`, also the multipart form's fields. */
  body?: z.ZodType;
  /**
   * The body is a resource's record, JSON or multipart (`data` plus the file fields): the resource's own
   * rules check it in the engine (an update merges into the stored record), so the contract says whose.
   */
  record?: RecordBody;
  /** The body may come as multipart/form-data, files beside a JSON `data` field (uploads). */
  multipart?: { files: ReadonlyArray<{ name: string; label: string }> };
  /** What the envelope's `data` holds; absent when the answer is a file (`produces`) or carries no data. */
  data?: z.ZodType;
  /** The answer is a file of this type (PDF, CSV, HTML…), not the JSON envelope. */
  produces?: string;
  /**
   * `Cache-Control` of a public answer to a caller without a session, e.g. `public, max-age=60`; every other
   * answer is `no-store` unless its route sets its own (server/plugins/caching.ts).
   */
  cache?: string;
  /** Requests per time window per client address; 429 past it. */
  rateLimit?: { max: number; timeWindow: string };
  /**
   * It changes data (records, budgets, orders, lines, files): each user's calls of it are counted, a member's
   * and staff's each to their own bound a minute (server/plugins/userLimits.ts); 429 past it. Not with `rateLimit`.
   */
  writes?: true;
  /**
   * It reads much at once (a whole list, an export, a PDF): counted per user like `writes`, to its own bound
   * a minute (server/plugins/userLimits.ts), so one member looping on it cannot take everybody's CPU.
   */
  heavy?: true;
  /** Answers during maintenance mode too (login, logout, password recovery). */
  allowInMaintenance?: boolean;
  /** A generic endpoint's resource (shared/contracts/records.ts): its records are documented once, by name. */
  resource?: ResourceSchema;
}

export interface RecordBody { schema: ResourceSchema; mode: FormMode }

/** A contract, its schemas kept exact so that what it takes and answers are known types. */
export const defineContract = <const C extends Contract>(contract: C): C => contract;

type Part<S> = S extends z.ZodType ? z.output<S> : undefined;
type Sent<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the handler reads, checked: the schemas' outputs. */
export interface RequestOf<C extends Contract> {
  params: Part<C['params']>;
  query: Part<C['query']>;
  body: Part<C['body']>;
}

/** What the envelope's `data` holds for the caller. */
export type DataOf<C extends Contract> = C['data'] extends z.ZodType ? z.output<C['data']> : undefined;

/** What the handler may answer as `data` (before the contract's schema reads it). */
export type AnswerOf<C extends Contract> = C['data'] extends z.ZodType ? z.input<C['data']> : undefined;

type Optional<K extends string, V> = undefined extends V ? { [P in K]?: V } : { [P in K]: V };

/** What a caller sends: the schemas' inputs (path parameters and query values as numbers or text). */
export type InputOf<C extends Contract> = Optional<'params', ParamsInput<Sent<C['params']>>>
  & Optional<'query', Sent<C['query']>>
  // A record may go as a multipart form instead (call's `form` option): then there is no JSON body.
  & Optional<'body', C['record'] extends RecordBody ? Record<string, unknown> | undefined : Omissible<Sent<C['body']>>>;

/**
 * A body's key whose value may be undefined may be left out: JSON has no undefined, so both send the same.
 * The form builders type a field's input as `unknown` (zod then makes the key required), though a field
 * left out is read as one sent blank; so a caller may send only what it changes without a cast.
 */
type Omissible<B> = B extends Record<string, unknown>
  ? { [K in keyof B as undefined extends B[K] ? K : never]?: B[K] } & { [K in keyof B as undefined extends B[K] ? never : K]: B[K] }
  : B;

/** Path parameters may be given as numbers too: they are written into the path. */
type ParamsInput<P> = P extends Record<string, unknown> ? { [K in keyof P]: P[K] | number } : P;

/** The path with its parameters written in (encoded); an optional one left out when not given. */
export function pathOf(contract: Pick<Contract, 'path'>, params: Record<string, unknown> = {}): string {
  return contract.path.replace(/\/:([A-Za-z0-9_]+)(\?)?/g, (_match, name: string, optional?: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      if (optional) return '';
      throw new Error(`${contract.path}: falta el parámetro ${name}`);
    }
    return `/${encodeURIComponent(String(value))}`;
  });
}

/** Whether a signed-in user with these roles may call the endpoint (the server's check, the per-role documents' filter). */
export function mayCall(access: Access, roles: readonly Role[]): boolean {
  if (access === 'public') return true;
  if (access === 'signedIn') return true;
  const allowed = access === 'user' ? OFFICE_AND_MEMBERS : access;
  return allowed.some((role) => roles.includes(role));
}
