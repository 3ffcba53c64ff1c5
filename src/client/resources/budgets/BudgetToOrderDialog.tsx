/**
 * The "budget to order" dialog (docs/screens.md, docs/validation.md): the cover of the order, out of the calculation's price
 * table, and its reinforcement when the budget's cover type is 1 ("Campo obligatorio" when missing).
 * The order is created on the server in one go and the user goes on at its cart (OrderCartRoute).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, Typography } from '@mui/material';
import { budgetToOrderForm } from '../../../shared/forms/budget';
import { REINFORCED_COVER_TYPE } from '../../../shared/catalogue';
import { REQUIRED, fieldErrors } from '../../../shared/validation';
import { createOrder, type Budget, type CoverOption, type BudgetLine } from './budgetApi';
import { fieldErrorsOf } from '../../providers/http';
import { budgetPaths } from './paths';

type Errors = Partial<Record<'pool_cover_id' | 'reinforcement_type_id', string>>;

export function BudgetToOrderDialog({ budget, calculusId, options, chosen, onClose }: {
  budget: Budget; calculusId: number; options: CoverOption[]; chosen?: BudgetLine; onClose: () => void;
}) {
  const navigate = useNavigate();
  const reinforced = budget.pool_cover_type_id === REINFORCED_COVER_TYPE;
  // It starts with what the calculation chose (the price the client accepted), when the table still offers it.
  const offered = options.find(
    (o) => o.pool_cover_id === chosen?.pool_cover_id && (!reinforced || o.reinforcement_type_id === chosen?.reinforcement_type_id),
  );
  const [coverId, setCoverId] = useState<number | ''>(offered?.pool_cover_id ?? '');
  const [reinforcementId, setReinforcementId] = useState<number | ''>(
    reinforced && offered?.reinforcement_type_id ? offered.reinforcement_type_id : '',
  );
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const covers = [...new Map(options.map((o) => [o.pool_cover_id, o.cover_name])).entries()];
  const reinforcements = options.filter((o) => o.pool_cover_id === coverId && o.reinforcement_type_id !== null);
  const priceOf = (option?: CoverOption) => (option ? ` · ${option.label}` : '');
  const isChosen = (coverIdOf: number, reinforcementIdOf: number | null = null) =>
    chosen?.pool_cover_id === coverIdOf && (!reinforced || chosen?.reinforcement_type_id === reinforcementIdOf);

  const check = (): Errors => {
    const parsed = budgetToOrderForm.safeParse({
      budget_id: budget.id,
      budget_calculus_id: calculusId,
      pool_cover_id: coverId,
      reinforcement_type_id: reinforcementId,
    });
    const found: Errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (reinforced && reinforcementId === '') found.reinforcement_type_id = REQUIRED;
    return found;
  };

  const submit = async () => {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      // The budget is no longer accepted: the session's has_accepted_budgets follows through the cache (`changes`).
      const { order_id } = await createOrder({
        budget_id: budget.id,
        budget_calculus_id: calculusId,
        pool_cover_id: Number(coverId),
        reinforcement_type_id: reinforced ? Number(reinforcementId) : null,
      });
      onClose();
      navigate(budgetPaths.orderCart(order_id));
    } catch (error) {
      setErrors(fieldErrorsOf(error) ?? {});
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} PaperProps={{ sx: { width: 560, maxWidth: '95vw' } }} aria-labelledby="budget-to-order-title">
      <DialogTitle id="budget-to-order-title">Pasar a pedido</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Elija el cobertor{reinforced ? ' y el refuerzo' : ''} del pedido. El presupuesto pasará a «Convertido en pedido».
        </Typography>
        <TextField
          select
          fullWidth
          label="Cobertor"
          value={coverId}
          error={!!errors.pool_cover_id}
          helperText={errors.pool_cover_id}
          sx={{ mb: 2 }}
          onChange={(e) => {
            setCoverId(Number(e.target.value));
            setReinforcementId('');
            setErrors({});
          }}
        >
          {covers.map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
              {reinforced ? '' : priceOf(options.find((o) => o.pool_cover_id === id))}
              {isChosen(id) && !reinforced ? ' (elegido en el cálculo)' : ''}
            </MenuItem>
          ))}
        </TextField>
        {reinforced && (
          <TextField
            select
            fullWidth
            label="Refuerzo"
            value={reinforcementId}
            disabled={coverId === ''}
            error={!!errors.reinforcement_type_id}
            helperText={errors.reinforcement_type_id}
            onChange={(e) => {
              setReinforcementId(Number(e.target.value));
              setErrors((x) => ({ ...x, reinforcement_type_id: undefined }));
            }}
          >
            {reinforcements.map((o) => (
              <MenuItem key={o.reinforcement_type_id} value={o.reinforcement_type_id!}>
                {o.reinforcement_name}
                {priceOf(o)}
                {isChosen(o.pool_cover_id, o.reinforcement_type_id) ? ' (elegido en el cálculo)' : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          Pasar a pedido
        </Button>
      </DialogActions>
    </Dialog>
  );
}
