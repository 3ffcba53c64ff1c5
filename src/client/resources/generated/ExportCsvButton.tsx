/**
 * «Exportar»: every row the list's filters match, in its order, as the server writes the CSV
 * (GET /api/{resource}/csv): however many there are, not only those loaded. Instants in the reader's zone.
 */
import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, useListContext } from 'react-admin';
import { listQuery } from '../../providers/dataProvider';
import { saveBlob } from '../../providers/files';
import { apiCsv } from '../../providers/http';

export function ExportCsvButton({ filename }: { filename: string }) {
  const { resource, filterValues, filter, sort, total, isPending } = useListContext();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const path = `/api/${resource}/csv?${listQuery({ sort, filter: { ...filterValues, ...filter } })}&tz=${encodeURIComponent(zone)}`;
    try {
      saveBlob(await apiCsv(path), `${filename}.csv`);
    } catch {
      // Already told (the answer's own message).
    } finally {
      setExporting(false);
    }
  };
  const label = exporting ? 'Exportando…' : 'Exportar';
  // aria-label: on a phone react-admin draws a disabled Button as an icon with no name.
  return (
    <Button label={label} aria-label={label} onClick={exportCsv} disabled={exporting || isPending || total === 0}>
      <DownloadIcon />
    </Button>
  );
}
