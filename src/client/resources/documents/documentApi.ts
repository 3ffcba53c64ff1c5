/** The document library as the screens read it (issue 17 §4). */
import type { document } from '../../../../schemas/document';
import type { RecordOf } from '../../../shared/contracts/records';
import { documentFileName } from '../../../shared/documents';
import { apiBlob } from '../../providers/http';
import { saveBlob } from '../../providers/files';

/** A library document as the generic endpoints answer it: its fields, `download_url` (the scoped download) and its extension. */
export type LibraryDocument = RecordOf<typeof document>;

/** Saves the document's file under its title, fetched with the session (a member's access is checked again). */
export async function downloadDocument(document: Pick<LibraryDocument, 'title' | 'download_url' | 'file_extension'>) {
  if (!document.download_url) return;
  const blob = await apiBlob(document.download_url, 'No se ha podido descargar el documento', (type) => !type.includes('application/json'));
  saveBlob(blob, documentFileName(document.title ?? '', document.file_extension ?? 'pdf'));
}
