/**
 * The pool of the budget form and the staff calculators drawn to scale as it is typed: the form's current
 * values and refusals (react-hook-form), never the server's. The same drawing as the public calculator's.
 */
import { Box, Typography } from '@mui/material';
import { useFormState, useWatch } from 'react-hook-form';
import { POOL_DRAWING_CAPTION, PoolDrawing } from '../components/PoolDrawing';
import type { PoolMeasure, PoolMeasures, PoolRefusals } from '../../shared/poolGeometry';

const MEASURES: PoolMeasure[] = ['a', 'b', 'c', 'd', 'e', 'extra_distance'];
const WATCHED = [...MEASURES, 'stairwell'] as const;

export function PoolDiagram() {
  const values: unknown[] = useWatch({ name: [...WATCHED] });
  const { errors } = useFormState({ name: MEASURES });
  const measures: PoolMeasures = Object.fromEntries(WATCHED.map((name, i) => [name, values[i]]));
  const refusals: PoolRefusals = Object.fromEntries(MEASURES.map((name) => [name, messageOf(errors[name]?.message)]));
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      <PoolDrawing measures={measures} refusals={refusals} />
      <Typography component="figcaption" variant="caption" color="text.secondary">{POOL_DRAWING_CAPTION}</Typography>
    </Box>
  );
}

/**
 * The text of a field's refusal as the field shows it: react-admin's validation resolver wraps the
 * schema's Spanish message as `{ message }` (for its translator, which shows it as it is); a plain
 * react-hook-form error holds the text itself.
 */
function messageOf(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return undefined;
}
