import { Box, Typography } from '@mui/material';
import { formatMetres } from '../../../shared/format';
import { POOL_DRAWING_CAPTION, PoolDrawing } from '../../components/PoolDrawing';
import type { BarcodeView } from '../../common/traceabilityApi';
import { Fact, facts } from './facts';

/** A cover's pool as the workshop cuts it: drawn to scale (read-only) and each measure in words. */
export default function PoolSection({ pool }: { pool: NonNullable<BarcodeView['pool']> }) {
  const { a, b, c, d, e, stairwell, rounded_corners: rounded, extra_distance: overlap } = pool;
  const stair = stairwell && c !== null && d !== null
    ? `${formatMetres(c)} × ${formatMetres(d)}${e === null ? '' : `, a ${formatMetres(e)} de la esquina (E)`}`
    : stairwell ? 'Sí, sin sus medidas' : 'No';
  return (
    <Box component="section" aria-label="Piscina" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Piscina
      </Typography>
      <Box component="figure" sx={{ m: 0, mb: 1, maxWidth: 480, minWidth: 0 }}>
        <PoolDrawing measures={pool} />
        <Typography component="figcaption" variant="caption" color="text.secondary">{POOL_DRAWING_CAPTION}</Typography>
      </Box>
      <Box component="dl" sx={facts}>
        <Fact term="Largo (A)">{formatMetres(a)}</Fact>
        <Fact term="Ancho (B)">{formatMetres(b)}</Fact>
        <Fact term="Solape">{formatMetres(overlap)}</Fact>
        <Fact term="Escalera (C × D)">{stair}</Fact>
        <Fact term="Esquinas">{rounded ? 'Redondeadas' : 'Rectas'}</Fact>
      </Box>
    </Box>
  );
}
