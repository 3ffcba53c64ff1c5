/**
 * What the pool letters mean, drawn once for the back office's budget form and the public calculator
 * (plain SVG, no MUI: the public page stays light): the pool seen from above with its length A and
 * width B, and a stairwell of C × D at distance E from the corner (E is drawn, not priced; docs/business-rules.md).
 */
export const POOL_SKETCH_LABEL = 'Medidas de la piscina';

export const POOL_SKETCH_CAPTION
  = 'Medidas en metros. A: largo y B: ancho de la piscina. Con escalera, C: ancho y D: fondo de la escalera; '
    + 'E: distancia de la escalera a la esquina. El solape se añade a cada lado del cobertor.';

export function PoolSketchSvg({ width }: { width?: string }) {
  return (
    <svg viewBox="0 0 220 150" width={width} role="img" aria-hidden="true">
      <rect x="20" y="30" width="170" height="90" rx="4" fill="#d8eef7" stroke="#0b6e99" strokeWidth="2" />
      {/* stairwell: E from the left corner, C along the side, D into the pool */}
      <rect x="70" y="120" width="40" height="20" fill="#b3dcec" stroke="#0b6e99" strokeWidth="1.5" />
      <g fill="#0b6e99" fontSize="12" fontFamily="sans-serif" textAnchor="middle">
        <line x1="20" y1="18" x2="190" y2="18" stroke="#0b6e99" /><text x="105" y="14">A</text>
        <line x1="202" y1="30" x2="202" y2="120" stroke="#0b6e99" /><text x="212" y="79">B</text>
        <text x="90" y="134">C</text>
        <text x="120" y="134">D</text>
        <line x1="20" y1="146" x2="70" y2="146" stroke="#0b6e99" strokeDasharray="3 2" /><text x="45" y="142">E</text>
      </g>
    </svg>
  );
}
