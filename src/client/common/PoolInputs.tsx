/**
 * The pool inputs of the budget form and of the calculators (docs/screens.md "Calculators"): the season and one
 * of its cover types, dimensions A–E with the drawing, rounded corners, stairwell (C and D then
 * required) and overlap. Labels and input types come from the budget schema's fields.
 */
import { useEffect, type ReactNode } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { SelectInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { budget as budgetSchema } from '../../../schemas/budget';
import type { CoverTypeAnswer } from '../../shared/publicAnswers';
import type { FieldDef, FormMode } from '../../shared/resource';
import { coverTypeContracts } from '../../shared/contracts/coverTypes';
import { call } from '../providers/http';
import { useApiQuery } from '../providers/query';
import { FieldInput } from '../resources/generated/FieldInput';
import { PoolDiagram } from './PoolDiagram';

export const budgetField = (name: string) => budgetSchema.fields.find((f) => f.name === name) as FieldDef;

export interface PoolInputsProps {
  mode?: FormMode;
  /** The client input, first and full width (none: no client picker). */
  client?: ReactNode;
  /** Shown between the season and the measures (e.g. a section title). */
  measuresTitle?: ReactNode;
}

export function PoolInputs({ mode = 'create', client, measuresTitle }: PoolInputsProps) {
  const input = (name: string) => <FieldInput field={budgetField(name)} mode={mode} />;
  return (
    <>
      <FormGrid>
        {client && <Wide>{client}</Wide>}
        {input('pool_subcategory_id')}
        <CoverTypeInput />
      </FormGrid>
      {measuresTitle}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' }, gap: 2, width: '100%' }}>
        <FormGrid>
          {input('a')}
          {input('b')}
          {input('rounded_corners')}
          {input('stairwell')}
          <StairwellInputs mode={mode} />
          {input('extra_distance')}
        </FormGrid>
        <PoolDiagram />
      </Box>
    </>
  );
}

export const FormGrid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', alignItems: 'start' }}>
    {children}
  </Box>
);
export const Wide = ({ children }: { children: ReactNode }) => <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;

/** C, D (required) and E only matter with a stairwell. */
function StairwellInputs({ mode }: { mode: FormMode }) {
  const stairwell = useWatch({ name: 'stairwell' });
  if (!stairwell) return null;
  return (
    <>
      <FieldInput field={budgetField('c')} mode={mode} />
      <FieldInput field={budgetField('d')} mode={mode} />
      <FieldInput field={budgetField('e')} mode={mode} />
    </>
  );
}

const NO_TYPES: CoverTypeAnswer[] = [];

/** The cover types of the chosen season only (getPoolCoverTypesBySeason); another season clears a type it lacks. */
function CoverTypeInput() {
  const season = useWatch({ name: 'pool_subcategory_id' });
  const { getValues, setValue } = useFormContext();
  const coverTypes = useApiQuery(
    ['poolCoverType', 'bySeason', season],
    () => call(coverTypeContracts.bySeason, { params: { season } }, {}),
    !!season,
  );
  // No season: none to choose; a refused list (already notified): none either; null while loading.
  const types = !season || coverTypes.isError ? NO_TYPES : coverTypes.data ?? null;
  // A type the season lacks no longer applies.
  useEffect(() => {
    if (!season || !coverTypes.data) return;
    const current = getValues('pool_cover_type_id');
    if (current != null && current !== '' && !coverTypes.data.some((r) => r.id === Number(current)))
      setValue('pool_cover_type_id', null, { shouldDirty: true });
  }, [season, coverTypes.data, getValues, setValue]);
  if (types === null)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', height: 56 }}>
        <CircularProgress size={20} aria-label="Cargando" />
      </Box>
    );
  return (
    <SelectInput source="pool_cover_type_id" label="Tipo de cobertor" choices={types} optionText="name" optionValue="id" emptyText=""
      disabled={!season} helperText={season ? false : 'Elija primero la temporada'} fullWidth
      // The hint says what to do first: it keeps a readable colour while the select is disabled.
      sx={{ '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }} />
  );
}
