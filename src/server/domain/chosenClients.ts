/** The clients a record is addressed to (an announcement's, a document's "clientes elegidos"). */
import { inArray } from 'drizzle-orm';
import { Msg } from '../../shared/messages';
import type { Tx } from '../db';
import { clients } from '../db/tables';
import { invalid } from '../errors';

/** The chosen clients, each once; one that does not exist is the `client_ids` field's error. */
export async function chosenClients(tx: Tx, clientIds: number[]): Promise<number[]> {
  const wanted = [...new Set(clientIds)];
  if (!wanted.length) return wanted;
  const found = await tx.select({ id: clients.id }).from(clients).where(inArray(clients.id, wanted));
  if (found.length !== wanted.length) throw invalid({ client_ids: Msg.referenceMissing });
  return wanted;
}
