/** Traceability calls (docs/business-rules.md): an item by its bar code (public), marking its next step, the order's labels. */
import { ApiRejection, apiBlob, call } from '../providers/http';
import { logisticsContracts } from '../../shared/contracts/logistics';
import { pathOf } from '../../shared/contracts/contract';
import type { BarcodeView } from '../../shared/publicAnswers';

export type { BarcodeView };

export const barcodePath = (code: string) => `/bar-code/${encodeURIComponent(code)}`;

/** Silent: the page shows the server's message (e.g. an unknown code) itself. */
export const getBarcode = (code: string) => call(logisticsContracts.barcode, { params: { code } }, { silent: true });

/**
 * A random (version 4) UUID. `crypto.randomUUID` exists only in secure contexts, and the workshop may open the
 * app over plain http on the local network: there it is built from `crypto.getRandomValues`, which is everywhere.
 */
export function newMarkKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The key of each mark not yet answered, by item and step. A mark whose answer was lost (the network
 * dropped) is tapped again with the same key: if the first one did reach the server, it records nothing new.
 */
const unanswered = new Map<string, string>();

/** The key of a mark of `stepId` sent but not answered: kept on the phone with no network, it is sent again with it. */
export const unansweredKey = (code: string, stepId: number) => unanswered.get(`${code}\n${stepId}`);

/**
 * Staff: marks the item's step `stepId` (the next one the page shows) done and answers the new state
 * ("Correcto" notification, unless `confirmedByPage`: the scanner confirms a mark itself, and a refusal is the page's to tell).
 * `checkIn`: a worker not clocked in asked to clock in first; the server does both at once (or neither), and the top
 * bar reads its state again.
 */
export async function markNextStep(code: string, stepId: number, { confirmedByPage = false, checkIn = false } = {}) {
  const mark = `${code}\n${stepId}`;
  const key = unanswered.get(mark) ?? newMarkKey();
  unanswered.set(mark, key);
  try {
    const view = await call(
      logisticsContracts.markNextStep,
      { body: { code, step_id: stepId, idempotency_key: key, ...(checkIn ? { check_in: true } : {}) } },
      { changes: checkIn ? ['barcode', 'order', 'timeRecords'] : ['barcode', 'order'], silent: confirmedByPage },
    );
    unanswered.delete(mark);
    return view;
  } catch (error) {
    // Answered (refused): a new tap is a new mark. Unanswered (no network, a timeout): the key is kept.
    if (error instanceof ApiRejection) unanswered.delete(mark);
    throw error;
  }
}

/** The order's labels (one per item with its Code 128 bar code), fetched with the session cookie. */
export const fetchLabels = (orderId: number) =>
  apiBlob(pathOf(logisticsContracts.labels, { id: orderId }), 'No se han podido descargar las etiquetas');
