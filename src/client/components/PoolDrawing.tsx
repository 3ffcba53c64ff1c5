/**
 * The pool drawn to scale from its measurements, redrawn from whatever the form holds now (no server
 * call): the water A × B, the stairwell C × D where E puts it, the cover's dashed outline grown by the
 * overlap, a dimension line with its letter and value per measure, and a refused measure drawn as a red
 * dashed side with ⚠ and the form's own message. The geometry is the shared poolGeometry's. Plain SVG,
 * no MUI: the public calculator draws it too and stays light.
 */
import { useId, type ReactNode } from 'react';
import {
  FONT_SIZE, POOL_COLOURS, poolGeometry, type Dimension, type Label, type MeasureState, type PoolMeasures, type PoolRefusals, type Segment,
} from '../../shared/poolGeometry';

/** What the letters mean, under the drawing: the forms' labels name the same letters. */
export const POOL_DRAWING_CAPTION
  = 'Medidas en metros, dibujadas a escala. A: largo y B: ancho de la piscina. Con escalera, C: ancho y D: fondo de la escalera; '
    + 'E: distancia de la escalera a la esquina. El solape se añade a cada lado del cobertor (línea discontinua).';

const { ink: INK, water: WATER, waterEdge: WATER_EDGE, stair: STAIR, cover: COVER, missing: MISSING, refused: REFUSED } = POOL_COLOURS;

const colour = (state: MeasureState) => (state === 'refused' ? REFUSED : state === 'missing' ? MISSING : INK);
const dashes = (state: MeasureState) => (state === 'typed' ? undefined : '5 3');

export interface PoolDrawingProps {
  measures: PoolMeasures;
  /** The form's current refusal per measure (its own message); a refused value is not drawn. */
  refusals?: PoolRefusals;
}

export function PoolDrawing({ measures, refusals }: PoolDrawingProps) {
  const g = poolGeometry(measures, refusals);
  const warningsId = useId();
  const { x, y, width, height } = g.viewBox;
  const { stair } = g;
  const sketch = g.dimensions.some((dimension) => (dimension.measure === 'a' || dimension.measure === 'b') && dimension.state !== 'typed');
  return (
    <svg viewBox={`${x} ${y} ${width} ${height}`} width="100%" role="img" aria-label={g.summary} data-testid="pool-drawing"
      aria-describedby={g.warnings.length ? warningsId : undefined} fontFamily="Arial, Helvetica, sans-serif" fontSize={FONT_SIZE}>
      {g.warnings.length > 0 && <desc id={warningsId}>{g.warnings.map((w) => w.text).join(' ')}</desc>}
      <rect {...g.cover} fill="none" stroke={g.coverState === 'refused' ? REFUSED : COVER} strokeWidth={1.5} strokeDasharray="7 4"
        data-testid="pool-cover" />
      {/* Before A and B are both known the pool only stands in for them: drawn faint. */}
      <rect {...g.pool} fill={sketch ? '#e6f3f9' : WATER} stroke={sketch ? MISSING : WATER_EDGE} strokeWidth={2}
        strokeDasharray={sketch ? '5 3' : undefined} data-testid="pool-water" />
      {stair && (
        <g data-testid="pool-stair">
          <rect {...stair} fill={STAIR} stroke={WATER_EDGE} strokeWidth={1.5} />
          {/* The stair opens into the pool: no edge between them; its steps run along A. */}
          <line x1={stair.x + 1} y1={stair.y} x2={stair.x + stair.width - 1} y2={stair.y} stroke={STAIR} strokeWidth={2.5} />
          {[1, 2, 3].map((step) => (
            <line key={step} x1={stair.x} x2={stair.x + stair.width} y1={stair.y + (stair.height * step) / 4}
              y2={stair.y + (stair.height * step) / 4} stroke={WATER_EDGE} strokeWidth={0.75} />
          ))}
        </g>
      )}
      {g.refusedSides.map((side) => (
        <line key={`${side.measure}-${side.x1}-${side.y1}`} {...segment(side)} stroke={REFUSED} strokeWidth={3} strokeDasharray="6 4"
          data-testid={`pool-refused-${side.measure}`} />
      ))}
      {g.dimensions.map((dimension) => <DimensionLine key={dimension.measure} dimension={dimension} />)}
      <Text label={g.coverLabel} fill={g.coverState === 'refused' ? REFUSED : INK} />
      {g.warnings.map((warning) => <Text key={`${warning.y}`} label={warning} fill={REFUSED} />)}
    </svg>
  );
}

/** A dimension line with its oblique end ticks, its extension lines and its label (the letter in bold). */
function DimensionLine({ dimension: { line, extensions, label, letter, state, measure } }: { dimension: Dimension }) {
  const stroke = colour(state);
  const ticks = [[line.x1, line.y1], [line.x2, line.y2]].map(([tx, ty]) => ({ x1: tx - 4, y1: ty + 4, x2: tx + 4, y2: ty - 4 }));
  const starts = label.text.startsWith(letter);
  return (
    <g data-testid={`pool-dimension-${measure}`}>
      {extensions.map((extension) => (
        <line key={`${extension.x1}-${extension.y1}`} {...segment(extension)} stroke="#90a4ae" strokeWidth={0.75} />
      ))}
      <line {...segment(line)} stroke={stroke} strokeWidth={1} strokeDasharray={dashes(state)} />
      {ticks.map((tick) => <line key={`${tick.x1}-${tick.y1}`} {...tick} stroke={stroke} strokeWidth={1.25} />)}
      <Text label={label} fill={stroke} bold={state === 'refused'}>
        {starts ? <><tspan fontWeight="bold">{letter}</tspan>{label.text.slice(letter.length)}</> : undefined}
      </Text>
    </g>
  );
}

function Text({ label, fill, bold, children }: { label: Label; fill: string; bold?: boolean; children?: ReactNode }) {
  return (
    <text x={label.x} y={label.y} textAnchor={label.anchor} fill={fill} fontWeight={bold ? 'bold' : undefined}>
      {children ?? label.text}
    </text>
  );
}

const segment = ({ x1, y1, x2, y2 }: Segment) => ({ x1, y1, x2, y2 });
