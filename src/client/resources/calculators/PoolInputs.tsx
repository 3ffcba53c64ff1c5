/**
 * The calculators' pool inputs, the budget form's own (spec §2 "Calculators"): the season and one of
 * its cover types, dimensions A–E with the drawing, rounded corners, stairwell (C and D then
 * required) and overlap. Labels and input types come from the budget schema's fields.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { SelectInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { budget as budgetSchema } from '../../../../schemas/budget';
import type { FieldDef } from '../../../shared/resource';
import { api } from '../../providers/http';
import { PoolDiagram } from '../budgets/PoolDiagram';
import { FieldInput } from '../generated/FieldInput';

const field = (name: string) => budgetSchema.fields.find((f) => f.name === name) as FieldDef;
const input = (name: string) => <FieldInput field={field(name)} mode="create" />;

/** The client whose prices and cart the internal calculator uses: optional. */
const clientField: FieldDef = { ...field('client_id'), helperText: 'Opcional: sin cliente se muestran los precios base' };

export function PoolInputs({ clientPicker = false }: { clientPicker?: boolean }) {
  return (
    <>
      <Grid>
        {clientPicker && <Wide><FieldInput field={clientField} mode="create" /></Wide>}
        {input('pool_subcategory_id')}
        <CoverTypeInput />
      </Grid>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 220px' }, gap: 2, width: '100%' }}>
        <Grid>
          {input('a')}
          {input('b')}
          {input('rounded_corners')}
          {input('stairwell')}
          <StairwellInputs />
          {input('extra_distance')}
        </Grid>
        <PoolDiagram />
      </Box>
    </>
  );
}

const Grid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', alignItems: 'start' }}>{children}</Box>
);
const Wide = ({ children }: { children: ReactNode }) => <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;

/** C, D (required) and E only matter with a stairwell. */
function StairwellInputs() {
  const stairwell = useWatch({ name: 'stairwell' });
  if (!stairwell) return null;
  return <>{input('c')}{input('d')}{input('e')}</>;
}

interface CoverType { id: number; name: string }

/** The cover types of the chosen season only; another season clears a type it lacks. */
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
