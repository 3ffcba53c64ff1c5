/** The pool letters on the budget form (the same drawing as the public calculator's). */
import { Box, Typography } from '@mui/material';
import { POOL_SKETCH_CAPTION, POOL_SKETCH_LABEL, PoolSketchSvg } from '../components/poolSketch';

export function PoolDiagram() {
  return (
    <Box component="figure" sx={{ m: 0 }} aria-label={POOL_SKETCH_LABEL}>
      <PoolSketchSvg width="100%" />
      <Typography component="figcaption" variant="caption" color="text.secondary">{POOL_SKETCH_CAPTION}</Typography>
    </Box>
  );
}
