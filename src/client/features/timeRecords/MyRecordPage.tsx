/**
 * /fichaje «Mi registro»: the worker's check-in buttons, then its own record by month (art. 34.9 ET:
 * the worker sees its records), with the corrections the office made and their reasons, and its monthly report as PDF.
 */
import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { madridMonth } from '../../../shared/timeRecords';
import { saveBlob } from '../../providers/files';
import { CheckInPanel } from './CheckInPanel';
import { MonthRecord, MonthSwitcher } from './MonthRecord';
import { useApiQuery } from '../../providers/query';
import { fetchMyMonth, fetchMyReport, timeRecordKeys } from './timeRecordsApi';

export default function MyRecordPage() {
  const [month, setMonth] = useState(() => madridMonth());
  // Read again after a check-in from the top bar (CheckInButton invalidates the records).
  const { data: record, isError: failed } = useApiQuery(timeRecordKeys.mine(month), () => fetchMyMonth(month));

  const download = async () => saveBlob(await fetchMyReport(month), `registro-jornada-${month}.pdf`);

  return (
    <Box sx={{ mt: 1, mb: 2, maxWidth: 900 }}>
      <CheckInPanel />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Fiche la entrada, las pausas y la salida aquí o con el botón de la barra superior: la hora la pone el servidor.
        Si se equivoca, pida a la oficina que lo corrija; la corrección se añade con su motivo y el fichaje original se conserva.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <MonthSwitcher month={month} onChange={setMonth} />
        <Button variant="outlined" startIcon={<PictureAsPdf />} onClick={download}>Descargar PDF</Button>
      </Box>
      {failed && <Alert severity="error">No se ha podido cargar el registro</Alert>}
      {!record && !failed && <LinearProgress aria-label="Cargando" />}
      {record && <MonthRecord record={record} />}
    </Box>
  );
}
