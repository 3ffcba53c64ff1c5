/**
 * The head of every budget screen: who and what it is for, its status and expiry, the staff's status
 * selector (docs/roles.md: admins only) and, once it has expired, "Rehacer presupuesto".
 */
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Chip, MenuItem, Paper, TextField, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Autorenew';
import { useGetOne } from 'react-admin';
import { BUDGET_STATUSES, BudgetStatus, SETTABLE_BUDGET_STATUSES } from '../../../shared/budgets';
import { SEASONS } from '../../../shared/catalogue';
import { formatDate, formatMetres } from '../../../shared/format';
import { changeBudgetStatus, redoBudget, type Budget } from './budgetApi';
import { budgetPaths } from './paths';
import { ExpiredChip } from './ExpiredChip';

export const statusLabel = (statusId: number) => BUDGET_STATUSES.find((s) => s.value === statusId)?.label ?? '';
const metres = (value: number | null) => (value == null ? '—' : formatMetres(Number(value)));

export function BudgetHeader({ budget, isAdmin, children }: { budget: Budget; isAdmin: boolean; children?: ReactNode }) {
  const { data: coverType } = useGetOne('poolCoverType', { id: budget.pool_cover_type_id });
  const season = SEASONS.find((s) => s.value === budget.pool_subcategory_id)?.label ?? '';
  const pool = `${metres(budget.a)} × ${metres(budget.b)}`
    + (budget.stairwell ? ` · escalera ${metres(budget.c)} × ${metres(budget.d)}` : '')
    + (budget.rounded_corners ? ' · esquinas redondeadas' : '');
  return (
    <Paper sx={{ p: 2, mb: 2 }} data-testid="budget-header">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Presupuesto nº {budget.id}
          {budget.remark_OB1PCL ? ` · ${budget.remark_OB1PCL}` : ''}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {isAdmin ? (
            <BudgetStatusSelect budget={budget} />
          ) : (
            <Chip label={statusLabel(budget.budget_status_id)} data-testid="budget-status" />
          )}
        </Box>
      </Box>
      <Box
        component="dl"
        sx={{
          'display': 'grid',
          'gridTemplateColumns': { xs: '1fr', md: 'repeat(3, 1fr)' },
          'gap': 1,
          'm': 0,
          'mt': 1,
          '& dt': { fontSize: 12, color: 'text.secondary' },
          '& dd': { m: 0 },
        }}
      >
        <div>
          <dt>Cliente</dt>
          <dd>{budget.client_name ?? ''}</dd>
        </div>
        <div>
          <dt>Piscina</dt>
          <dd>{pool}</dd>
        </div>
        <div>
          <dt>Cobertor</dt>
          <dd>
            {season}
            {coverType ? ` · ${coverType.name}` : ''}
          </dd>
        </div>
        <div>
          <dt>Fecha</dt>
          <dd>{formatDate(budget.created_date)}</dd>
        </div>
        <div>
          <dt>Válido hasta</dt>
          <dd data-testid="budget-expiry">
            {formatDate(budget.expires_at)}
            {budget.is_expired && <ExpiredChip />}
          </dd>
        </div>
        <div>
          <dt>Comprador</dt>
          <dd>{budget.buyer_name ?? '—'}</dd>
        </div>
        {budget.order_id && (
          <div>
            <dt>Pedido</dt>
            <dd>Pedido nº {budget.order_id}</dd>
          </div>
        )}
      </Box>
      {budget.is_expired && <RedoBudgetButton budgetId={budget.id} />}
      {children && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>{children}</Box>}
    </Paper>
  );
}

/** Admins only: draft ⇄ accepted. "Convertido en pedido" is set by createOrder alone, so it is shown, not offered. */
export function BudgetStatusSelect({ budget }: { budget: Budget }) {
  const [busy, setBusy] = useState(false);
  const ordered = budget.budget_status_id === BudgetStatus.ordered;
  const change = async (statusId: number) => {
    if (statusId === budget.budget_status_id) return;
    setBusy(true);
    try {
      // Spec §4: has_accepted_budgets follows the change: the session is read again through the cache (`changes: 'budget'`).
      await changeBudgetStatus(budget.id, statusId);
    } catch {
      // Refused (e.g. expired): the warning was notified; the selector keeps the stored status.
    } finally {
      setBusy(false);
    }
  };
  return (
    <TextField select size="small" label="Estado" value={budget.budget_status_id} disabled={busy || ordered} sx={{ minWidth: 200 }}
      onChange={(e) => change(Number(e.target.value))} inputProps={{ 'data-testid': 'budget-status-select' }}>
      {BUDGET_STATUSES.map((s) => (
        <MenuItem key={s.value} value={s.value} disabled={!SETTABLE_BUDGET_STATUSES.includes(s.value)}>{s.label}</MenuItem>
      ))}
    </TextField>
  );
}

/** "Rehacer": a new draft with today's prices; the user goes on with the new one. */
function RedoBudgetButton({ budgetId }: { budgetId: number }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const redo = async () => {
    setBusy(true);
    try {
      const redone = await redoBudget(budgetId);
      navigate(budgetPaths.calculusList(redone.id));
    } catch {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
      <Typography variant="body2" color="error">Este presupuesto ha caducado: puede rehacerlo con los precios de hoy.</Typography>
      <Button variant="contained" color="warning" startIcon={<RefreshIcon />} disabled={busy} onClick={redo}>Rehacer presupuesto</Button>
    </Box>
  );
}
