/**
 * The budget dialog in Añadir or Editar mode: the client (staff only; a member's budget is always its
 * own client's), the season and one of that season's cover types, the pool's dimensions A–E with a
 * drawing, rounded corners, stairwell (C and D then required), overlap, reference and buyer. It
 * validates with the budget schema, exactly as the server does.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Box, CircularProgress, Dialog, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { CreateBase, EditBase, SaveButton, SelectInput, SimpleForm, Toolbar } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { budget as budgetSchema } from '../../../../schemas/budget';
import type { FieldDef, FormMode } from '../../../shared/resource';
import { api } from '../../providers/http';
import { FieldInput } from '../generated/FieldInput';
import { schemaValidator } from '../generated/validate';
import type { Budget } from './budgetApi';
import { PoolDiagram } from './PoolDiagram';
import { useViewer } from './useBudget';

const field = (name: string) => budgetSchema.fields.find((f) => f.name === name) as FieldDef;
const BUYER_FIELDS = ['buyer_name', 'buyer_email', 'buyer_phone_number', 'buyer_address_1', 'buyer_delivery_address_1', 'buyer_postal_code', 'buyer_city', 'delivery_time_zone', 'buyer_country'];

export interface BudgetDialogProps {
  /** The budget to edit; none: Añadir. */
  id?: number;
  onClose: () => void;
  onCreated?: (budget: Budget) => void;
  onSaved?: () => void;
}

export function BudgetDialog({ id, onClose, onCreated, onSaved }: BudgetDialogProps) {
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
            record={{ client_id: isAdmin ? null : session.client_id, rounded_corners: false, stairwell: false }}
            mutationOptions={{ onSuccess: (created: Budget) => { onClose(); onCreated?.(created); } }}>
            {form}
          </CreateBase>
        ) : (
          <EditBase resource="budget" id={id} redirect={false} mutationMode="pessimistic"
            mutationOptions={{ onSuccess: () => { onClose(); onSaved?.(); } }}>
            {form}
          </EditBase>
        )}
      </DialogContent>
    </Dialog>
  );
}

function BudgetForm({ mode, isAdmin }: { mode: FormMode; isAdmin: boolean }) {
  const input = (name: string, locked = false) => <FieldInput field={field(name)} mode={mode} locked={locked} />;
  return (
    <SimpleForm validate={schemaValidator(budgetSchema, mode)} sx={{ '& .MuiFormControl-root': { mt: 0 } }}
      toolbar={<Toolbar>{/* A new budget can be submitted untouched, so that the form says what is missing. */}<SaveButton label="Guardar" alwaysEnable={mode === 'create' || undefined} /></Toolbar>}>
      <Grid>
        {isAdmin && <Wide>{input('client_id', mode === 'update')}</Wide>}
        {input('pool_subcategory_id')}
        <CoverTypeInput />
      </Grid>
      <Section title="Medidas de la piscina" />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 220px' }, gap: 2, width: '100%' }}>
        <Grid>
          {input('a')}
          {input('b')}
          {input('rounded_corners')}
          {input('stairwell')}
          <StairwellInputs mode={mode} />
          {input('extra_distance')}
        </Grid>
        <PoolDiagram />
      </Box>
      <Section title="Referencia y comprador" />
      <Grid>
        <Wide>{input('remark_OB1PCL')}</Wide>
        {BUYER_FIELDS.map((name) => <Box key={name}>{input(name)}</Box>)}
        <Wide>{input('remark')}</Wide>
      </Grid>
    </SimpleForm>
  );
}

const Grid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', alignItems: 'start' }}>{children}</Box>
);
const Wide = ({ children }: { children: ReactNode }) => <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;
const Section = ({ title }: { title: string }) => <Typography variant="subtitle2" component="h3" sx={{ mt: 1, mb: 1 }}>{title}</Typography>;

/** C, D (required) and E only matter with a stairwell. */
function StairwellInputs({ mode }: { mode: FormMode }) {
  const stairwell = useWatch({ name: 'stairwell' });
  if (!stairwell) return null;
  return (
    <>
      <FieldInput field={field('c')} mode={mode} />
      <FieldInput field={field('d')} mode={mode} />
      <FieldInput field={field('e')} mode={mode} />
    </>
  );
}

interface CoverType { id: number; name: string }

/** The cover types of the chosen season only (getPoolCoverTypesBySeason); another season clears a type it lacks. */
function CoverTypeInput() {
  const season = useWatch({ name: 'pool_subcategory_id' });
  const { getValues, setValue } = useFormContext();
  const [types, setTypes] = useState<CoverType[] | null>([]);
  useEffect(() => {
    if (!season) return setTypes([]);
    let alive = true;
    setTypes(null);
    api<CoverType[]>(`/api/poolCoverType/getPoolCoverTypesBySeason/${season}`).then((rows) => {
      if (!alive) return;
      setTypes(rows);
      const current = getValues('pool_cover_type_id');
      if (current != null && current !== '' && !rows.some((r) => r.id === Number(current))) setValue('pool_cover_type_id', null, { shouldDirty: true });
    }, () => alive && setTypes([]));
    return () => { alive = false; };
  }, [season, getValues, setValue]);
  if (types === null) return <Box sx={{ display: 'flex', alignItems: 'center', height: 56 }}><CircularProgress size={20} aria-label="Cargando" /></Box>;
  return (
    <SelectInput source="pool_cover_type_id" label="Tipo de cobertor" choices={types} optionText="name" optionValue="id" emptyText=""
      disabled={!season} helperText={season ? false : 'Elija primero la temporada'} fullWidth />
  );
}
