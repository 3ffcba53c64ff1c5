/** «Descargar» of one document: its file, named by its title. */
import { useState } from 'react';
import { Button, IconButton, Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadDocument, type LibraryDocument } from './documentApi';

type Downloadable = Pick<LibraryDocument, 'title' | 'download_url' | 'file_extension'>;

export function DownloadButton({ document, compact = false }: { document: Downloadable; compact?: boolean }) {
  const [busy, setBusy] = useState(false);
  if (!document.download_url) return null;
  const download = async (event: React.MouseEvent) => {
    // Inside a list row that opens the record: the click is the button's only.
    event.stopPropagation();
    setBusy(true);
    try {
      await downloadDocument(document);
    } catch {
      // Notified by the HTTP layer.
    } finally {
      setBusy(false);
    }
  };
  const label = `Descargar ${document.title}`;
  return compact ? (
    <Tooltip title="Descargar">
      <span>
        <IconButton aria-label={label} onClick={download} disabled={busy}>
          <DownloadIcon />
        </IconButton>
      </span>
    </Tooltip>
  ) : (
    <Button aria-label={label} startIcon={<DownloadIcon />} onClick={download} disabled={busy} size="small">
      Descargar
    </Button>
  );
}
