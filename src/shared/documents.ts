/** The document library (issue 17 §4): who a document is for, and the name it downloads as. */

/** Who sees a document: staff only, every client member, or the members of the chosen clients. */
export const DocumentVisibility = { staff: 1, allClients: 2, chosenClients: 3 } as const;

export const DOCUMENT_VISIBILITIES = [
  { value: DocumentVisibility.staff, label: 'Sólo personal' },
  { value: DocumentVisibility.allClients, label: 'Todos los clientes' },
  { value: DocumentVisibility.chosenClients, label: 'Clientes elegidos' },
] as const;

/**
 * Whether a client member of `clientId` may see a document (the server's scope says the same in SQL):
 * one for all clients, or one for chosen clients among which is its own. Staff-only documents never.
 */
export function documentVisibleToClient(
  document: { visibility: number; client_ids: readonly number[] },
  clientId: number | null | undefined,
): boolean {
  if (document.visibility === DocumentVisibility.allClients) return true;
  return document.visibility === DocumentVisibility.chosenClients && clientId != null && document.client_ids.includes(clientId);
}

/**
 * The file name a document downloads as: its title (what the person knows it by) with the stored file's
 * extension; characters a file system refuses become "-", and a blank title gives "documento".
 */
export function documentFileName(title: string, extension: string): string {
  const base = title
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what a file name must not hold
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, 120)
    .trim();
  return `${base || 'documento'}.${extension}`;
}

/** The same name in ASCII only, for the plain `filename=` of a Content-Disposition (the UTF-8 one is `filename*`). */
export const asciiFileName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');

/** A download's Content-Disposition: its name in ASCII for old clients, whole (accents and all) for the rest (RFC 6266). */
export const attachmentDisposition = (name: string) =>
  `attachment; filename="${asciiFileName(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;
