/** migrateOrdersFiles (docs/api.md Order; docs/decisions.md "Order migration"): multipart `files`, one part per CSV. */
import { logisticsContracts } from '../../../shared/contracts/logistics';
import type { MigrationPreview, RowError } from '../../../shared/orderViews';
import { callWithMessage } from '../../providers/http';

export type { MigrationPreview, RowError };

/**
 * Sends the files: `dryRun` answers the preview (nothing written); otherwise every order is imported in
 * one go or the upload is refused whole (an `ApiRejection` whose envelope maps "fichero:fila" → error).
 * Silent: the page shows every outcome itself, the server's message of an import included. Session and
 * maintenance codes behave as everywhere.
 */
export async function migrateOrdersFiles(files: File[], dryRun: boolean) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const { data, message } = await callWithMessage(
    logisticsContracts.migrateOrders,
    { query: dryRun ? { dry_run: 'true' } : {} },
    // A preview writes nothing; an import adds orders, which every order list must show.
    dryRun ? { form, silent: true, reads: true } : { form, silent: true, changes: 'order' },
  );
  return { result: data, message };
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
