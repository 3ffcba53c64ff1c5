/**
 * The budget dialog in Añadir or Editar mode: the client (staff only; a member's budget is always its
 * own client's), the season and one of that season's cover types, the pool's dimensions A–E with a
 * drawing, rounded corners, stairwell (C and D then required), overlap, reference and buyer. It
 * validates with the budget schema, exactly as the server does.
 */
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { CreateBase, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { budget as budgetSchema } from '../../../../schemas/budget';
import type { FormMode } from '../../../shared/resource';
import { missingValues } from '../../../shared/recordRules';
import { FieldInput } from '../generated/FieldInput';
import { schemaValidator } from '../generated/validate';
import type { Budget } from './budgetApi';
import { budgetField as field, FormGrid, PoolInputs, Wide } from '../../common/PoolInputs';
import { useViewer } from './useBudget';
import { usePoolLimits, withPoolSides } from '../../common/poolLimits';
import { StoredEditBase } from '../generated/StoredRecord';

const BUYER_FIELDS = [
  'buyer_name',
  'buyer_email',
  'buyer_phone_number',
  'buyer_address_1',
  'buyer_delivery_address_1',
  'buyer_postal_code',
  'buyer_city',
  'delivery_time_zone',
  'buyer_country',
];

export interface BudgetDialogProps {
  /** The budget to edit; none: Añadir. */
  id?: number;
  onClose: () => void;
  onCreated?: (budget: Budget) => void;
}

export function BudgetDialog({ id, onClose, onCreated }: BudgetDialogProps) {
  const { session, isAdmin } = useViewer();
  const mode: FormMode = id ? 'update' : 'create';
  if (!session) return null;
  const form = <BudgetForm mode={mode} isAdmin={isAdmin} />;
  return (
    <Dialog open onClose={onClose} maxWidth={false} aria-labelledby="budget-dialog-title"
      PaperProps={{ sx: { minWidth: { xs: '95vw', sm: budgetSchema.dialogWidth }, maxWidth: '95vw' } }}>
      <DialogTitle id="budget-dialog-title" sx={{ pr: 6 }}>
        {mode === 'create' ? 'Añadir presupuesto' : 'Editar presupuesto'}
        <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}><CloseIcon /></IconButton>
      </DialogTitle>
      <DialogContent sx={{ p: 0 }}>
        {mode === 'create' ? (
          <CreateBase resource="budget" redirect={false}
            // A member's budget is its own client's (the server forces it too): preset, no picker.
            record={{ ...missingValues(budgetSchema), client_id: isAdmin ? null : session.client_id }}
            mutationOptions={{ onSuccess: (created: Budget) => { onClose(); onCreated?.(created); } }}>
            {form}
          </CreateBase>
        ) : (
          <StoredEditBase resource="budget" id={id} redirect={false} mutationMode="pessimistic"
            mutationOptions={{ onSuccess: onClose }} loading="Cargando el presupuesto" onClose={onClose}>
            {form}
          </StoredEditBase>
        )}
      </DialogContent>
    </Dialog>
  );
}

function BudgetForm({ mode, isAdmin }: { mode: FormMode; isAdmin: boolean }) {
  const input = (name: string, locked = false) => <FieldInput field={field(name)} mode={mode} locked={locked} />;
  const limits = usePoolLimits();
  return (
    <SimpleForm
      noValidate
      validate={withPoolSides(schemaValidator(budgetSchema, mode), limits)}
      sx={{ '& .MuiFormControl-root': { mt: 0 } }}
      toolbar={
        <Toolbar>
          {/* A new budget can be submitted untouched, so that the form says what is missing. */}
          <SaveButton label="Guardar" alwaysEnable={mode === 'create' || undefined} />
        </Toolbar>
      }
    >
      <PoolInputs
        mode={mode}
        client={isAdmin ? input('client_id', mode === 'update') : undefined}
        measuresTitle={<Section title="Medidas de la piscina" />}
      />
      <Section title="Referencia y comprador" />
      <FormGrid>
        <Wide>{input('remark_OB1PCL')}</Wide>
        {BUYER_FIELDS.map((name) => (
          <Box key={name}>{input(name)}</Box>
        ))}
        <Wide>{input('remark')}</Wide>
      </FormGrid>
    </SimpleForm>
  );
}

const Section = ({ title }: { title: string }) => <Typography variant="subtitle2" component="h3" sx={{ mt: 1, mb: 1 }}>{title}</Typography>;
