/**
 * Every API call goes through `api()`: 45 s time-out, the session cookie (the app never sends an
 * X-Token header: it has no token, providers/token.ts), and the response codes of docs/api.md turned
 * into notifications, forced logouts or rejections.
 */
import { HttpError } from 'ra-core';
import { Code, SESSION_CODES, type Envelope } from '../../shared/codes';
import { pathOf, type Contract, type DataOf, type InputOf } from '../../shared/contracts/contract';
import { DURATION, notify, sessionExpired } from './events';
import { invalidate, type Change } from './query';
import { isSignedIn, markSignedOut } from './token';

export const REQUEST_TIMEOUT_MS = 45_000;

interface CallOptions {
  /** Don't show notifications for this call (the caller handles the outcome). */
  silent?: boolean;
}

/** A read: a GET, without a body. */
interface Read extends CallOptions { method?: 'GET'; body?: undefined; form?: undefined; changes?: undefined; reads?: undefined }

/**
 * A POST says what it does, so that a write cannot forget the views it makes stale (issue 27): `changes`
 * names the resources whose reads load again once it succeeds (providers/query.ts); `reads: true` marks
 * a question asked with a body (a filtered list, a price).
 */
type Post = CallOptions & {
  method?: 'POST';
  body?: unknown;
  /** Multipart bodies are sent as they are. */
  form?: FormData;
} & ({ changes: Change | readonly Change[]; reads?: undefined } | { reads: true; changes?: undefined });

export type ApiOptions = Read | Post;

/** A rejected call; `body` is the envelope, `errors` the field map react-admin shows under fields. */
export class ApiRejection extends HttpError {
  constructor(message: string, status: number, readonly envelope: Envelope) {
    const errors = envelope.error && typeof envelope.error === 'object' ? envelope.error : undefined;
    super(message, status, { ...envelope, errors });
    // ra-core's HttpError resets the prototype: restore ours so `instanceof ApiRejection` holds.
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

export class MaintenanceError extends Error {}

/**
 * A call that never got the server's answer: no network, a time-out (status 0, `timedFetch`). Unlike any
 * answer, even a refusal, it says nothing of the request: the workshop keeps such a mark on the phone.
 */
export const isNetworkFailure = (error: unknown) => error instanceof HttpError && !(error instanceof ApiRejection) && error.status === 0;

let reloadPage = () => window.location.reload();
/** Tests of the shell replace the reload. */
export const setReload = (fn: () => void) => { reloadPage = fn; };

/**
 * A request that gives up after REQUEST_TIMEOUT_MS (spec: 45 s), API calls and PDF downloads alike; a
 * time-out or a network failure is notified and thrown as an HttpError with status 0.
 */
async function timedFetch(path: string, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    return await fetch(path, { ...init, signal: controller.signal, credentials: 'same-origin' });
  } catch (error) {
    const message = controller.signal.aborted
      ? 'La petición ha tardado demasiado. Inténtelo de nuevo'
      : `Error de red: ${(error as Error).message}`;
    notify('error', message, DURATION.long);
    throw new HttpError(message, 0);
  } finally {
    clearTimeout(timer);
  }
}

/** What a call through a contract says beside its input: reads and writes as `api` takes them. */
export type ContractCallOptions<C extends Contract> = C['method'] extends 'POST' ? Omit<Post, 'body' | 'method'> : Omit<Read, 'method'>;

/** The input may be left out when the contract needs none (no parameters, or all of them optional). */
type CallArguments<C extends Contract> = Record<never, never> extends InputOf<C>
  ? [input?: InputOf<C>, options?: ContractCallOptions<C>]
  : [input: InputOf<C>, options: ContractCallOptions<C>];

/** A value as a query string carries it: text as it is, anything else as JSON (a filter). */
const queryValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Calls an endpoint through its contract (src/shared/contracts): the input is what the contract takes and the
 * answer what its `data` declares, so a field renamed on the server breaks the compile where it is read.
 * The server serialises every answer from the same contract (plugins/contracts.ts).
 */
export async function call<C extends Contract>(
  contract: C,
  ...[input, options]: CallArguments<C>
): Promise<DataOf<C>> {
  return (await api(...requestOf(contract, input, options))) as DataOf<C>;
}

/**
 * A call through its contract like `call`, answering the envelope's message beside the data: for a page that
 * shows the server's own words itself (a silent call), such as how many orders a migration imported.
 */
export async function callWithMessage<C extends Contract>(
  contract: C,
  ...[input, options]: CallArguments<C>
): Promise<{ data: DataOf<C>; message: string | null }> {
  const { data, message } = await send(...requestOf(contract, input, options));
  return { data: data as DataOf<C>, message };
}

/** The path and options of a call through a contract: its parameters in the path, its query, its body. */
function requestOf<C extends Contract>(contract: C, input: InputOf<C> | undefined, options: ContractCallOptions<C> | undefined) {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const search = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(queryValue(value))}`)
    .join('&');
  const path = `${pathOf(contract, params)}${search ? `?${search}` : ''}`;
  const multipart = (options as Post | undefined)?.form;
  const sent = { ...options, method: contract.method, ...(contract.method === 'POST' && !multipart ? { body: body ?? {} } : {}) };
  return [path, sent as ApiOptions] as const;
}

/** A call by its path, its answer unknown: pages call through a contract (`call`), which types it. */
export async function api(path: string, options: ApiOptions = {}): Promise<unknown> {
  return (await send(path, options)).data;
}

/** Sends a call and reads its envelope: the data of a success and its message (null when it has none). */
async function send(path: string, options: ApiOptions): Promise<{ data: unknown; message: string | null }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await timedFetch(path.startsWith('/') ? path : `/${path}`, {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  });
  let envelope: Envelope;
  try {
    envelope = await response.json();
  } catch {
    const message = `Error de red: respuesta no válida del servidor (${response.status})`;
    notify('error', message, DURATION.long);
    throw new HttpError(message, response.status);
  }
  const data = handleEnvelope(envelope, response.status, options.silent);
  for (const change of [options.changes ?? []].flat()) void invalidate(change);
  return { data, message: envelope.message ?? null };
}

/**
 * A PDF behind the session (or another file, as `accepts` says): fetched with the session cookie. Any other
 * answer is read as the usual envelope and notified like any other call; `failure` names what could not be
 * downloaded when the answer is not even an envelope.
 */
export async function apiBlob(
  path: string,
  failure = 'No se ha podido descargar el PDF',
  accepts = (contentType: string) => contentType.includes('application/pdf'),
): Promise<Blob> {
  const response = await timedFetch(path, {});
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && accepts(type)) return response.blob();
  let envelope: Envelope;
  try {
    envelope = await response.json();
  } catch {
    envelope = { code: Code.error, message: `${failure} (${response.status})` };
  }
  handleEnvelope(
    envelope.code === Code.ok ? { ...envelope, code: Code.error, message: 'El servidor no ha devuelto un PDF' } : envelope,
    response.status,
  );
  throw new Error('unreachable');
}

/** A CSV file behind the session, sent as it is written (a list's export, the time record): any other answer is notified. */
export const apiCsv = (path: string) => apiBlob(path, 'No se ha podido descargar el CSV', (type) => type.startsWith('text/csv'));

/** The field errors of a 40001, for a form to show under its fields. */
export const fieldErrorsOf = (error: unknown): Record<string, string> | undefined =>
  (error as { body?: { errors?: Record<string, string> } })?.body?.errors;

export function handleEnvelope<T>(envelope: Envelope<T>, status: number, silent = false): T {
  const message = envelope.message ?? '';
  switch (envelope.code) {
    case Code.ok:
      return envelope.data as T;
    case Code.okWithMessage:
      if (!silent && message) notify('success', message, DURATION.response);
      return envelope.data as T;
    case Code.warning:
      if (!silent) notify('warning', message, DURATION.response);
      throw new ApiRejection(message, status, envelope);
    case Code.error: {
      const detail = message || (typeof envelope.error === 'string' ? envelope.error : JSON.stringify(envelope.data ?? ''));
      if (!silent) notify('error', detail, DURATION.response);
      throw new ApiRejection(detail, status, envelope);
    }
    case Code.maintenance:
      if (isSignedIn()) {
        markSignedOut();
        reloadPage();
      }
      throw new MaintenanceError(message || 'maintenance');
    default:
      if (SESSION_CODES.includes(envelope.code)) {
        if (isSignedIn()) sessionExpired.emit();
        throw new ApiRejection(message, status, envelope);
      }
      throw new ApiRejection(message || `Error ${envelope.code}`, status, envelope);
  }
}
