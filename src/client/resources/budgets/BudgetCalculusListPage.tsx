/**
 * /budget-list/budget-calculus-list/{budget_id}: a budget with its calculations (each with another
 * overlap, lines and totals), its payment proofs and its client details. Each calculation opens its
 * price table, its summary or its edit screen; "Nuevo cálculo" adds one.
 */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Button, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import PersonIcon from '@mui/icons-material/Person';
import { Loading } from 'react-admin';
import { formatEuros, formatMetres } from '../../../shared/format';
import { usePhone } from '../../components/usePhone';
import { useApiQuery } from '../../providers/query';
import { getCalculusList, type CalculusRow } from './budgetApi';
import { BudgetDialog } from './BudgetDialog';
import { BudgetHeader } from './BudgetHeader';
import { ClientDetailsDialog } from './ClientDetailsDialog';
import { FilesSection } from './FilesSection';
import { budgetPaths, isEditable } from './paths';
import { useBudget, useViewer } from './useBudget';

export default function BudgetCalculusListPage() {
  const budgetId = Number(useParams().budget_id) || null;
  const { isAdmin, session } = useViewer();
  const { data: budget, failed } = useBudget(budgetId);
  const [dialog, setDialog] = useState<'edit' | 'client-details' | null>(null);

  if (failed) return <Typography sx={{ p: 2 }}>No se ha podido cargar el presupuesto.</Typography>;
  if (!budget || !session) return <Loading />;
  const editable = isEditable(budget, isAdmin);

  return (
    <Box sx={{ maxWidth: 1100, mt: 1 }}>
      <BudgetHeader budget={budget} isAdmin={isAdmin}>
        {editable && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={budgetPaths.newCalculus(budget.id)}>
            Nuevo cálculo
          </Button>
        )}
        {editable && (
          <Button startIcon={<EditIcon />} onClick={() => setDialog('edit')}>
            Editar presupuesto
          </Button>
        )}
        <Button startIcon={<PersonIcon />} onClick={() => setDialog('client-details')}>
          Datos del cliente
        </Button>
      </BudgetHeader>
      <CalculationsTable budgetId={budget.id} editable={editable} />
      <FilesSection kind="budgetPaycheck" ownerId={budget.id} />
      {dialog === 'edit' && <BudgetDialog id={budget.id} onClose={() => setDialog(null)} />}
      {dialog === 'client-details' && <ClientDetailsDialog budget={budget} isAdmin={isAdmin} onClose={() => setDialog(null)} />}
    </Box>
  );
}

/**
 * What can be done with a calculation. The next step is the prominent button: the price table while
 * the calculation has no lines (a budget just saved), its summary once it has.
 */
function CalculationActions({ budgetId, row, editable }: { budgetId: number; row: CalculusRow; editable: boolean }) {
  const empty = row.lines === 0;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: { sm: 'flex-end' } }}>
      <Button size="small" variant={empty ? 'contained' : 'outlined'} component={RouterLink} to={budgetPaths.priceTable(row.id)}>
        Tabla de precios
      </Button>
      <Button size="small" variant={empty ? 'text' : 'contained'} component={RouterLink} to={budgetPaths.summary(row.id)}>
        Resumen
      </Button>
      {editable && (
        <Button size="small" component={RouterLink} to={budgetPaths.editCalculus(budgetId, row.id)}>
          Editar cálculo
        </Button>
      )}
    </Box>
  );
}

function CalculationsTable({ budgetId, editable }: { budgetId: number; editable: boolean }) {
  const calculations = useApiQuery(['budget', budgetId, 'calculusList'], async () => (await getCalculusList(budgetId)).items);
  // A refused list (already notified) shows as an empty one.
  const rows: CalculusRow[] | null = calculations.isError ? [] : calculations.data ?? null;
  const phone = usePhone();
  const waiting = editable && rows?.length && rows.every((row) => row.lines === 0);
  return (
    <Paper sx={{ mb: 2 }} component="section" aria-label="Cálculos">
      <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 2 }}>
        Cálculos
      </Typography>
      {waiting ? (
        <Typography variant="body2" sx={{ px: 2, pt: 1 }} data-testid="calculus-next-step">
          Siguiente paso: elija el cobertor en la «Tabla de precios» del cálculo.
        </Typography>
      ) : null}
      {!rows ? (
        <Loading />
      ) : phone ? (
        // A phone shows each calculation as a block of its figures and its buttons, nothing cut off.
        <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
          {rows.length === 0 && <Typography variant="body2">Este presupuesto no tiene cálculos</Typography>}
          {rows.map((row) => (
            <Box key={row.id} data-testid={`calculus-${row.id}`} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
              <Typography variant="body2">
                <strong>Cálculo nº {row.id}</strong> · solape {formatMetres(row.extra_distance)} · {row.lines} líneas
              </Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                Total: <strong>{formatEuros(row.total)}</strong>
              </Typography>
              <CalculationActions budgetId={budgetId} row={row} editable={editable} />
            </Box>
          ))}
        </Box>
      ) : (
        <Table size="small" aria-label="Cálculos del presupuesto">
          <TableHead>
            <TableRow>
              <TableCell>Nº cálculo</TableCell>
              <TableCell>Solape</TableCell>
              <TableCell>Observaciones</TableCell>
              <TableCell align="right">Líneas</TableCell>
              <TableCell align="right">Subtotal</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>Este presupuesto no tiene cálculos</TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row.id} data-testid={`calculus-${row.id}`}>
                <TableCell>{row.id}</TableCell>
                <TableCell>{formatMetres(row.extra_distance)}</TableCell>
                <TableCell>{row.remark ?? ''}</TableCell>
                <TableCell align="right">{row.lines}</TableCell>
                <TableCell align="right">{formatEuros(row.subtotal)}</TableCell>
                <TableCell align="right">{formatEuros(row.total)}</TableCell>
                <TableCell align="right">
                  <CalculationActions budgetId={budgetId} row={row} editable={editable} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
