/** migrateOrdersFiles (docs/api.md Order; docs/decisions.md "Order migration"): multipart `files`, one part per CSV. */
import { HttpError } from 'ra-core';
import type { Envelope } from '../../../shared/codes';
import { REQUEST_TIMEOUT_MS, handleEnvelope } from '../../providers/http';
import type { MigrationPreview, RowError } from '../../../shared/orders';

export type { MigrationPreview, RowError };

export interface MigrationAnswer { result: MigrationPreview; message: string | null }

/**
 * Sends the files: `dryRun` answers the preview (nothing written); otherwise every order is imported in
 * one go or the upload is refused whole (an `ApiRejection` whose envelope maps "fichero:fila" → error).
 * Silent: the page shows every outcome itself. Session and maintenance codes behave as everywhere.
 */
export async function migrateOrdersFiles(files: File[], dryRun: boolean): Promise<MigrationAnswer> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`/api/order/migrateOrdersFiles${dryRun ? '?dry_run=true' : ''}`, {
      method: 'POST', body: form, headers: { Accept: 'application/json' }, credentials: 'same-origin', signal: controller.signal,
    });
  } catch (error) {
    throw new HttpError(
      controller.signal.aborted ? 'La petición ha tardado demasiado. Inténtelo de nuevo' : `Error de red: ${(error as Error).message}`,
      0,
    );
  } finally {
    clearTimeout(timer);
  }
  let envelope: Envelope<MigrationPreview>;
  try {
    envelope = await response.json();
  } catch {
    throw new HttpError(`Error de red: respuesta no válida del servidor (${response.status})`, response.status);
  }
  // Rejects every code but 20000 and 20001 (refusals, session and maintenance codes) as everywhere.
  const result = handleEnvelope(envelope, response.status, true);
  return { result, message: envelope.message ?? null };
}

/**
 * The rows of a refusal: "fichero:fila" keys become rows; any other key (e.g. `files`) a row without number.
 * Read from the rejection's `body.errors` (the envelope's `error` map): `instanceof ApiRejection` does not
 * hold, as ra-core's HttpError resets the prototype of every subclass to its own.
 */
export function rowErrorsOf(error: unknown): RowError[] {
  const map = (error as { body?: { errors?: unknown } } | null)?.body?.errors;
  if (!map || typeof map !== 'object') return [];
  return Object.entries(map as Record<string, unknown>).map(([key, message]) => {
    const match = /^(.*):(\d+)$/.exec(key);
    return match
      ? { file: match[1], row: Number(match[2]), message: String(message) }
      : { file: key === 'files' ? '' : key, row: null, message: String(message) };
  }).sort((a, b) => a.file.localeCompare(b.file) || (a.row ?? 0) - (b.row ?? 0));
}
