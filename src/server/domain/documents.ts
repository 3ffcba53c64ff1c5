/**
 * The document library (issue 17 §4): who reads which document, the chosen clients written with their
 * document, and the file a reader downloads. A client member reads the documents for all clients and
 * those for chosen clients among which is its own; staff-only documents are never a member's.
 */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { DocumentVisibility, documentFileName } from '../../shared/documents';
import { Msg } from '../../shared/messages';
import type { Bound, Queryable, Tx } from '../db';
import { document_categories, document_clients, documents } from '../db/tables';
import { invalid, notFound, parseRowId, warning } from '../errors';
import { EXTENSION, sniffKind, MIME } from '../files/content';
import type { FileStore } from '../files/store';
import { isAdmin } from './auth';
import type { SessionUser } from './sessionUser';
import { linkedIdsNote } from './audit';
import { chosenClients } from './chosenClients';
import type { Row } from './records';

/** The documents a member of `clientId` may read (the same rule as `documentVisibleToClient`, in SQL). */
export const memberDocuments = (clientId: Bound<number>): SQL =>
  or(
    eq(documents.visibility, DocumentVisibility.allClients),
    and(
      eq(documents.visibility, DocumentVisibility.chosenClients),
      inArray(
        documents.id,
        sql`(select ${document_clients.document_id} from ${document_clients} where ${document_clients.client_id} = ${clientId})`,
      ),
    ),
  )!;

/**
 * The categories a member lists: those holding a document meant for it. An empty category, or one of
 * staff-only documents (its name may be internal), is not the member's business.
 */
export const memberDocumentCategories = (clientId: Bound<number>): SQL =>
  inArray(document_categories.id, sql`(select ${documents.document_category_id} from ${documents} where ${memberDocuments(clientId)})`);

/**
 * Adds to document records the link to download them. Staff also get the chosen clients (the dialog edits
 * them); a member gets neither the other clients a document was chosen for nor the signed file URL: it
 * downloads through `download_url`, which checks the document is still meant for it on every download
 * (a signed URL, once handed out, would stay valid for as long as the file does).
 */
export async function withDocumentDetails(db: Queryable, records: Row[], user?: SessionUser): Promise<Row[]> {
  const staff = isAdmin(user);
  const ids = records.map((r) => r.id as number);
  const chosen = staff && ids.length
    ? await db.select().from(document_clients).where(inArray(document_clients.document_id, ids)).orderBy(asc(document_clients.client_id))
    : [];
  const shape = documentShape(staff);
  return records.map((record) =>
    shape(staff ? { ...record, client_ids: chosen.filter((c) => c.document_id === record.id).map((c) => c.client_id) } : record));
}

/**
 * What `withDocumentDetails` adds, read in a list page's own statement: staff's chosen clients, in client order.
 * A member's rows read the stored file's name as `stored_file` and no `file`: a signed URL a member never gets
 * is not signed for each row only to be dropped.
 */
export function listedDocumentDetails(user: SessionUser) {
  const staff = isAdmin(user);
  const columns = (): Record<string, SQL> => (staff
    ? {
        // Only a document for chosen clients has any (syncDocumentClients): the others skip the lookup.
        client_ids: sql`case when ${documents.visibility} = ${sql.raw(String(DocumentVisibility.chosenClients))} then (${new QueryBuilder()
          .select({ ids: sql`coalesce(json_agg(${document_clients.client_id} order by ${document_clients.client_id}), '[]')` })
          .from(document_clients)
          .where(eq(document_clients.document_id, documents.id))}) else '[]' end`,
      }
    : { file: sql`null`, stored_file: sql`${documents.file}` });
  return { variant: staff ? 'staff' : 'member', columns, shape: documentShape(staff) };
}

/**
 * A document record with its download link and extension; a member's without the signed file URL. Copied key
 * by key: with V8's object rest (`{ stored_file, ...record }`) and two spreads it took 2.5 µs a row, now 0.35.
 */
const documentShape = (staff: boolean) => (record: Row): Row => {
  const file = record.stored_file ?? record.file;
  const shaped: Row = {};
  for (const key in record) if (key !== 'stored_file') shaped[key] = record[key];
  shaped.download_url = file ? `/api/document/download/${record.id}` : null;
  shaped.file_extension = extensionOf(file);
  if (!staff) shaped.file = null;
  return shaped;
};

/** "pdf", "png" or "jpg" from a stored key or signed URL (both end in the stored name). */
const extensionOf = (file: unknown) => (typeof file === 'string' && /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase()) || null;

/** Makes the document's chosen clients `clientIds` when it is for chosen clients, none otherwise; returns the change for the audit. */
export async function syncDocumentClients(tx: Tx, documentId: number, visibility: number, clientIds: number[]) {
  const wanted = visibility === DocumentVisibility.chosenClients ? await chosenClients(tx, clientIds) : [];
  const before = await tx
    .delete(document_clients)
    .where(eq(document_clients.document_id, documentId))
    .returning({ id: document_clients.client_id });
  if (wanted.length) await tx.insert(document_clients).values(wanted.map((client_id) => ({ document_id: documentId, client_id })));
  return linkedIdsNote('client_ids', before.map((row) => row.id), wanted);
}

/** A category that holds documents stays: its documents would lose their place (the dialog says so). */
export async function assertCategoryEmpty(tx: Tx, categoryId: number) {
  const [used] = await tx.select({ id: documents.id }).from(documents).where(eq(documents.document_category_id, categoryId)).limit(1);
  if (used) throw invalid({ _form: Msg.documentCategoryInUse }, Msg.documentCategoryInUse);
}

export interface DocumentDownload { data: Buffer; contentType: string; filename: string }

/**
 * The file of a document the user may read, named by the document's title: 404 for an id the user may
 * not read (as the generic data/:id answers) and for a document whose file is gone.
 */
export async function documentDownload(db: Queryable, files: FileStore, user: SessionUser, id: unknown): Promise<DocumentDownload> {
  const numeric = parseRowId(id);
  const [row] = await db.select({ title: documents.title, file: documents.file }).from(documents)
    .where(and(eq(documents.id, numeric), isAdmin(user) ? undefined : memberDocuments(user.client_id ?? -1)));
  if (!row) throw notFound();
  const data = row.file ? await files.get(row.file).catch(() => { throw warning(Msg.fileReadFailed); }) : null;
  if (!data) throw notFound(Msg.documentFileMissing);
  const kind = sniffKind(data);
  return {
    data,
    contentType: kind ? MIME[kind] : 'application/octet-stream',
    filename: documentFileName(row.title, kind ? EXTENSION[kind] : (extensionOf(row.file) ?? 'bin')),
  };
}
