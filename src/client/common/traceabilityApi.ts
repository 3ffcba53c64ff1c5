/** Traceability calls (docs/business-rules.md): an item by its bar code (public), marking its next step, the order's labels. */
import { apiBlob, call } from '../providers/http';
import { logisticsContracts } from '../../shared/contracts/logistics';
import { pathOf } from '../../shared/contracts/contract';
import type { BarcodeView } from '../../shared/publicAnswers';

export type { BarcodeView };

export const barcodePath = (code: string) => `/bar-code/${encodeURIComponent(code)}`;

/** Silent: the page shows the server's message (e.g. an unknown code) itself. */
export const getBarcode = (code: string) => call(logisticsContracts.barcode, { params: { code } }, { silent: true });

/** Staff: marks the item's next step done and answers the new state ("Correcto" notification). */
export const markNextStep = (code: string) =>
  call(logisticsContracts.markNextStep, { body: { code } }, { changes: ['barcode', 'order'] });

/** The order's labels (one per item with its Code 128 bar code), fetched with the session cookie. */
export const fetchLabels = (orderId: number) =>
  apiBlob(pathOf(logisticsContracts.labels, { id: orderId }), 'No se han podido descargar las etiquetas');
