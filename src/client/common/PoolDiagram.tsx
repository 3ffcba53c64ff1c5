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
  const refusals: PoolRefusals = Object.fromEntries(MEASURES.map((name) => {
    const message = errors[name]?.message;
    return [name, typeof message === 'string' ? message : undefined];
  }));
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      <PoolDrawing measures={measures} refusals={refusals} />
      <Typography component="figcaption" variant="caption" color="text.secondary">{POOL_DRAWING_CAPTION}</Typography>
    </Box>
  );
}
