/**
 * /bar-code/{code} (docs/screens.md "Public routes"; docs/business-rules.md): what a scanned label leads to. Anyone sees the
 * item (product, reference, quantity), its order's number, state and delivery date, and every
 * production step with when it was done, the next one highlighted — nothing personal. Signed-in staff
 * (office and workshop) also see who did each step (the server sends names to them only) and mark the next one done; for a
 * made-to-measure cover they see its pool drawn to scale with its measures, to cut from (also sent to staff only). An unknown code
 * shows the server's message.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Alert, Box, Paper, Typography } from '@mui/material';
import { hasAnyRole } from '../../../shared/permissions';
import { STAFF } from '../../../shared/roles';
import { Logo } from '../../components/Logo';
import { useSession } from '../../providers/useSession';
import { useApiQuery } from '../../providers/query';
import { markNextStep, type BarcodeView } from '../../common/traceabilityApi';
import { useCheckInBeforeMark } from './CheckInBeforeMark';
import { ItemState, readItem } from './ItemState';

const messageOf = (error: unknown) => (error instanceof Error && error.message) || 'No se ha podido consultar el código';

/** A scanned code's query key. */
const barcodeKey = (code: string) => ['barcode', code] as const;

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'found'; view: BarcodeView };

export default function BarCodePage() {
  const code = useParams().code ?? '';
  const session = useSession();
  const isAdmin = !!session?.roles.includes('admin');
  const isStaff = !!session && hasAnyRole(session.roles, STAFF);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const barcode = useApiQuery(barcodeKey(code), () => readItem(code));
  const state: State = barcode.isError ? { kind: 'failed', message: messageOf(barcode.error) }
    : barcode.data ? { kind: 'found', view: barcode.data }
      : { kind: 'loading' };

  // A worker not clocked in is asked first (CheckInBeforeMark.tsx); `checkIn` then clocks in with the mark.
  const { confirmMark, dialog: checkInDialog } = useCheckInBeforeMark();
  const markNext = async (checkIn = false) => {
    const stepId = barcode.data?.next_step_id;
    if (!stepId) return;
    setBusy(true);
    try {
      queryClient.setQueryData(barcodeKey(code), await markNextStep(code, stepId, { checkIn }));
    } catch {
      // Notified by the HTTP layer; the page shows the state as it is now (another scan may have marked it).
      await barcode.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        bgcolor: 'grey.100',
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'flex-start',
        p: { xs: 1, sm: 3 },
      }}
    >
      <Paper component="main" sx={{ width: 760, maxWidth: '100%', p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Logo />
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {code}
          </Typography>
        </Box>
        <Typography variant="h5" component="h1" gutterBottom>
          Trazabilidad del artículo
        </Typography>
        {state.kind === 'loading' && <Typography role="status">Cargando</Typography>}
        {state.kind === 'failed' && (
          <Alert severity="error" role="alert" data-testid="barcode-error">
            {state.message}
          </Alert>
        )}
        {state.kind === 'found' && (
          <ItemState view={state.view} isAdmin={isAdmin} isStaff={isStaff} busy={busy} onMarkNext={() => confirmMark(markNext)} />
        )}
        {checkInDialog}
      </Paper>
    </Box>
  );
}
