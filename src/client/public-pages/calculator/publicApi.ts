/**
 * The public pages' calls (no session): plain fetch and the API envelope, without the back office's
 * HTTP layer (notifications, session handling), so that no admin code reaches these bundles.
 */
import { Code, type Envelope } from '../../../shared/codes';
import { pathOf, type Contract, type DataOf } from '../../../shared/contracts/contract';

/** A refused call: the server's Spanish message and, for a 40001, its field → message map. */
export class PublicApiError extends Error {
  constructor(message: string, readonly fields: Record<string, string> = {}, readonly status = 0) {
    super(message);
  }
}

const TIMEOUT_MS = 45_000;

async function publicApi<T>(path: string, body?: unknown): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? { Accept: 'application/json' } : { 'Accept': 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      // Public endpoints: a back-office session (same-origin cookie) has nothing to add.
      credentials: 'omit',
      signal: controller.signal,
    });
  } catch {
    throw new PublicApiError(
      controller.signal.aborted
        ? 'La petición ha tardado demasiado. Inténtelo de nuevo'
        : 'No se ha podido conectar con el servidor. Inténtelo de nuevo',
    );
  } finally {
    clearTimeout(timer);
  }
  let envelope: Envelope<T>;
  try {
    envelope = await response.json();
  } catch {
    throw new PublicApiError(`Respuesta no válida del servidor (${response.status})`, {}, response.status);
  }
  if (envelope.code === Code.ok || envelope.code === Code.okWithMessage) return envelope.data as T;
  const fields = envelope.error && typeof envelope.error === 'object' ? envelope.error as Record<string, string> : {};
  throw new PublicApiError(envelope.message || 'Se ha producido un error. Inténtelo de nuevo más tarde', fields, response.status);
}

/**
 * A public call through its contract, named by type only (`import type`): the contract's zod schemas stay out
 * of these small bundles, yet its path must be the one given here and the answer is its `data`'s type.
 */
export const publicCall = <C extends Contract>(path: C['path'], params: Record<string, string | number> = {}, body?: unknown) =>
  publicApi<DataOf<C>>(pathOf({ path }, params), body);

/** The message to show for any failure. */
export const messageOf = (error: unknown) =>
  error instanceof PublicApiError ? error.message : 'Se ha producido un error. Inténtelo de nuevo más tarde';
