/**
 * /budget-calculator/{budget_id}/index (a new calculation of a budget: its overlap and remark, then its
 * price table) and /edit-budget-calculator/index/{budget_id}/{budget_calculus_id} (change them; the
 * user then lands on DraftBudgetListRoute, or on the client budgets for a member).
 */
import { useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Box, Button, Paper, Typography } from '@mui/material';
import { Form, Loading, TextInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { Code } from '../../../shared/codes';
import { Msg } from '../../../shared/messages';
import { fieldErrors } from '../../../shared/validation';
import { calculusForm } from '../../../shared/forms/budget';
import { zodValidate } from '../../components/zodForm';
import { DURATION, notify } from '../../providers/events';
import { ApiRejection, fieldErrorsOf } from '../../providers/http';
import { createCalculus, updateExtraDistance, updateRemark } from './budgetApi';
import { BudgetHeader } from './BudgetHeader';
import { afterEditPath, budgetPaths } from './paths';
import { useBudget, useViewer } from './useBudget';
import { DecimalInput } from '../../components/DecimalInput';

const validate = zodValidate(calculusForm);

/** A calculation's overlap and remark as the form checks them (the server's own form). */
type CalculusValues = z.output<typeof calculusForm>;

export function NewCalculusPage() {
  const budgetId = Number(useParams().budget_id) || null;
  const navigate = useNavigate();
  // Once created, a failed second step and a new try go on with the same calculation, not a second one.
  const created = useRef<{ id: number; extra_distance: number } | null>(null);
  const save = async (_: number | null, values: CalculusValues) => {
    created.current ??= await createCalculus(budgetId!);
    const { id } = created.current;
    // The new calculation starts with the budget's overlap; it changes only if another was typed.
    if (values.extra_distance !== created.current.extra_distance) await updateExtraDistance(id, values.extra_distance, true);
    if (values.remark) await updateRemark(id, values.remark, true);
    notify('success', Msg.saved, DURATION.response);
    navigate(budgetPaths.priceTable(id));
  };
  return <CalculusScreen budgetId={budgetId} title="Nuevo cálculo" onSave={save} />;
}

export function EditCalculusPage() {
  const params = useParams();
  const budgetId = Number(params.budget_id) || null;
  const calculusId = Number(params.budget_calculus_id) || null;
  const navigate = useNavigate();
  const { isAdmin } = useViewer();
  const save = async (id: number | null, values: CalculusValues, before: CalculusValues) => {
    // The overlap is sent only when it changed: it re-prices the lines and needs an open budget.
    if (values.extra_distance !== before.extra_distance) await updateExtraDistance(id!, values.extra_distance, true);
    await updateRemark(id!, values.remark, true);
    notify('success', Msg.saved, DURATION.response);
    navigate(afterEditPath(isAdmin));
  };
  return <CalculusScreen budgetId={budgetId} calculusId={calculusId} title={`Editar cálculo nº ${calculusId ?? ''}`} onSave={save} />;
}

function CalculusScreen({ budgetId, calculusId = null, title, onSave }: {
  budgetId: number | null; calculusId?: number | null; title: string;
  onSave: (calculusId: number | null, values: CalculusValues, before: CalculusValues) => Promise<void>;
}) {
  const { isAdmin } = useViewer();
  const { data: budget, failed } = useBudget(budgetId);
  const navigate = useNavigate();
  if (failed) return <Typography sx={{ p: 2 }}>No se ha podido cargar el presupuesto.</Typography>;
  if (!budget) return <Loading />;
  const existing = calculusId ? budget.budget_calculus.find((c) => c.id === calculusId) : undefined;
  if (calculusId && !existing) return <Typography sx={{ p: 2 }}>Ese cálculo no pertenece al presupuesto.</Typography>;
  const record: CalculusValues = existing
    ? { extra_distance: existing.extra_distance, remark: existing.remark }
    : { extra_distance: budget.extra_distance, remark: null };

  const submit = async (values: FieldValues) => {
    // `validate` has passed these values: read here, they are the numbers and text the form checked.
    const checked = calculusForm.safeParse(values);
    if (!checked.success) return fieldErrors(checked.error);
    try {
      await onSave(calculusId, checked.data, record);
    } catch (error) {
      // A warning (expired, ordered) was notified; field errors show under their fields.
      const errors = fieldErrorsOf(error);
      if (errors) return errors;
      notifyFailure(error);
    }
    return undefined;
  };

  return (
    <Box sx={{ maxWidth: 1100, mt: 1 }}>
      <BudgetHeader budget={budget} isAdmin={isAdmin} />
      <Paper sx={{ p: 2, maxWidth: 600 }}>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>{title}</Typography>
        <Form noValidate record={record} onSubmit={submit} validate={validate}>
          <DecimalInput source="extra_distance" label="Solape (m)" places={2} fullWidth
            helperText="Metros que el cobertor sobresale por cada lado de la piscina" />
          <TextInput source="remark" label="Observaciones" fullWidth multiline minRows={2} helperText={false} />
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button type="submit" variant="contained">Guardar</Button>
            <Button onClick={() => navigate(budgetPaths.calculusList(budget.id))}>Cancelar</Button>
          </Box>
        </Form>
      </Paper>
    </Box>
  );
}

/** Silent calls carry their refusal here: shown once, as the HTTP layer would have. */
function notifyFailure(error: unknown) {
  const message = (error as Error)?.message;
  if (message)
    notify(error instanceof ApiRejection && error.envelope.code === Code.error ? 'error' : 'warning', message, DURATION.response);
}
