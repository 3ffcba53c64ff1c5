/** The document library as the screens read it (issue 17 §4). */
import { documentFileName } from '../../../shared/documents';
import { apiBlob } from '../../providers/http';
import { saveBlob } from '../../providers/files';

export interface LibraryDocument {
  id: number;
  title: string;
  document_category_id: number;
  description: string | null;
  visibility: number;
  updated_at: string;
  /** The scoped download endpoint (null without a file). */
  download_url: string | null;
  file_extension: string | null;
  /** Staff only. */
  client_ids?: number[];
}

export interface DocumentCategory { id: number; name: string; position: number }

/** Saves the document's file under its title, fetched with the session (a member's access is checked again). */
export async function downloadDocument(document: Pick<LibraryDocument, 'title' | 'download_url' | 'file_extension'>) {
  if (!document.download_url) return;
  const blob = await apiBlob(document.download_url, 'No se ha podido descargar el documento', (type) => !type.includes('application/json'));
  saveBlob(blob, documentFileName(document.title, document.file_extension ?? 'pdf'));
}
