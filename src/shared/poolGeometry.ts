/**
 * The pool drawn to scale from its measurements (docs/business-rules.md "Pool shape" and "Cover price"),
 * as plain numbers: the back office's forms, the public calculator and the budget summary draw the same
 * geometry (src/client/components/PoolDrawing.tsx). No zod and no React: the public page stays light.
 *
 * The pool is seen from above, side A horizontal; the stairwell sits on A's lower side, E from the left
 * corner, C along A and D outwards. The cover is the pool grown by the overlap on each side. The stair is
 * drawn C × D and no overlap is drawn around it, because the price adds exactly C × D for it: the drawing
 * shows what is priced.
 *
 * Everything is in one coordinate space (SVG user units, y downwards) with one scale for both directions.
 * Labels keep a fixed size in those units and the view box is at least WIDTH wide, so that text reads
 * the same size whatever the pool's proportions; an extreme pool (30 × 0,5 m) is drawn thin, to scale,
 * with its labels outside it.
 */
import { formatDecimal, formatMetres, readNumber } from './format';

/** The measurements the drawing reads, as the forms hold them (typed text or stored numbers). */
export type PoolMeasure = 'a' | 'b' | 'c' | 'd' | 'e' | 'extra_distance';
export type PoolMeasures = Partial<Record<PoolMeasure | 'stairwell', unknown>>;
/** The form's current refusal of a measurement, if any: the value is then not drawn. */
export type PoolRefusals = Partial<Record<PoolMeasure, string | null | undefined>>;

/** Typed and usable, not typed (or not yet a number), or refused by the form. */
export type MeasureState = 'typed' | 'missing' | 'refused';

export interface Rect { x: number; y: number; width: number; height: number }
export interface Segment { x1: number; y1: number; x2: number; y2: number }
export interface Label { text: string; x: number; y: number; anchor: 'start' | 'middle' | 'end' }

/** A dimension line beside the shape: its measure's letter and value, and the two extension lines from the shape. */
export interface Dimension {
  measure: PoolMeasure;
  letter: string;
  state: MeasureState;
  line: Segment;
  extensions: Segment[];
  label: Label;
}

export interface PoolGeometry {
  viewBox: Rect;
  /** SVG units per metre, the same across and down. */
  scale: number;
  pool: Rect;
  cover: Rect;
  coverState: MeasureState;
  stair: Rect | null;
  dimensions: Dimension[];
  /** The cover's outer size and the overlap, under the drawing. */
  coverLabel: Label;
  /** The sides whose measure is refused, to be drawn as a warning on the shape. */
  refusedSides: Array<Segment & { measure: PoolMeasure }>;
  /** Each refusal in words («⚠ A: …»), wrapped to the drawing's width. */
  warnings: Label[];
  /** What the drawing shows, in one Spanish sentence for screen readers. */
  summary: string;
}

/** The label size and the spacing around the shape, in SVG units. */
export const FONT_SIZE = 13;

/**
 * The drawing's colours, the screen's and the PDFs' alike: ink for labels, the water and its edge, the
 * stairwell, the cover's dashed outline, a measure not typed yet and a refused one.
 */
export const POOL_COLOURS = {
  ink: '#263238',
  water: '#cdeaf6',
  waterEdge: '#0b6e99',
  stair: '#a9d8ec',
  cover: '#455a64',
  missing: '#546e7a',
  refused: '#c62828',
} as const;
const CHAR_WIDTH = FONT_SIZE * 0.58;
const LINE_HEIGHT = FONT_SIZE + 4;
const GAP = 14;
const LABEL_GAP = 5;
const PAD = 8;
const WIDTH = 340;
/** The tallest the shape is drawn, so a square or a long pool typed A < B does not take the whole screen. */
const MAX_SHAPE_HEIGHT = 220;

const LETTERS: Record<PoolMeasure, string> = { a: 'A', b: 'B', c: 'C', d: 'D', e: 'E', extra_distance: 'Solape' };

/** A measurement as a number of metres; null when it is blank, not (yet) a number, or refused. */
function metres(value: unknown, refused: boolean, { positive }: { positive: boolean }): number | null {
  if (refused) return null;
  const number = typeof value === 'number' ? value : typeof value === 'string' ? readNumber(value) : NaN;
  if (typeof number !== 'number' || !Number.isFinite(number)) return null;
  return (positive ? number > 0 : number >= 0) ? number : null;
}

const textWidth = (text: string) => text.length * CHAR_WIDTH;

/** The box a label's text takes (baseline at y). */
function boxOf(label: Label): Rect {
  const width = textWidth(label.text);
  const x = label.anchor === 'start' ? label.x : label.anchor === 'end' ? label.x - width : label.x - width / 2;
  return { x, y: label.y - FONT_SIZE * 0.8, width, height: FONT_SIZE };
}

const overlaps = (p: Rect, q: Rect) =>
  p.x < q.x + q.width + 2 && q.x < p.x + p.width + 2 && p.y < q.y + q.height + 2 && q.y < p.y + p.height + 2;

/** Lines of at most `width` units, broken between words. */
function wrap(text: string, width: number): string[] {
  const perLine = Math.max(10, Math.floor(width / CHAR_WIDTH));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && (line + ' ' + word).length > perLine) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function poolGeometry(measures: PoolMeasures, refusals: PoolRefusals = {}): PoolGeometry {
  const refused = (measure: PoolMeasure) => !!refusals[measure];
  const read = (measure: PoolMeasure, positive = true) => metres(measures[measure], refused(measure), { positive });
  const stateOf = (measure: PoolMeasure, value: number | null): MeasureState =>
    refused(measure) ? 'refused' : value === null ? 'missing' : 'typed';
  const hasStair = measures.stairwell === true;

  const typedA = read('a');
  const typedB = read('b');
  // Not typed yet: a neutral 2 : 1 pool stands in, so the letters can be read before any number.
  const a = typedA ?? (typedB !== null ? typedB * 2 : 8);
  const b = typedB ?? (typedA !== null ? typedA / 2 : 4);
  const typedO = read('extra_distance', false);
  const o = typedO ?? 0;
  const typedC = hasStair ? read('c') : null;
  const typedD = hasStair ? read('d') : null;
  const typedE = hasStair ? read('e', false) : null;
  const c = typedC ?? a / 4;
  const d = typedD ?? Math.min(c / 2, b / 3);
  // A stair whose E is not known yet stands in the middle of A.
  const e = typedE ?? Math.max(0, (a - c) / 2);

  // The extent in metres, the pool's top left corner at 0,0 (a stair past the corner is drawn where typed).
  const right = Math.max(a + o, hasStair ? e + c : 0);
  const bottom = Math.max(b + o, hasStair ? b + d : 0);
  const labelB = dimensionText('b', typedB);
  const room = WIDTH - 2 * PAD - GAP - LABEL_GAP - textWidth(labelB);
  const scale = Math.min(room / (right + o), MAX_SHAPE_HEIGHT / (bottom + o));
  const at = (m: number) => m * scale;

  const pool: Rect = { x: 0, y: 0, width: at(a), height: at(b) };
  const cover: Rect = { x: 0 - at(o), y: 0 - at(o), width: at(a + 2 * o), height: at(b + 2 * o) };
  const stair: Rect | null = hasStair ? { x: at(e), y: at(b), width: at(c), height: at(d) } : null;

  const dimensions: Dimension[] = [];
  // The shape is in the way too: a label never covers the water or the cover's outline.
  const placed: Rect[] = [cover, pool];
  /** Adds a dimension, moving its label down past any label already placed that it would cover. */
  const add = (measure: PoolMeasure, typed: number | null, line: Segment, extensions: Segment[], label: Omit<Label, 'text'>) => {
    const text = dimensionText(measure, typed, refused(measure));
    const shown: Label = { ...label, text };
    for (let clash = placed.find((p) => overlaps(p, boxOf(shown))); clash; clash = placed.find((p) => overlaps(p, boxOf(shown))))
      shown.y = clash.y + clash.height + FONT_SIZE * 0.8 + 3;
    placed.push(boxOf(shown));
    dimensions.push({ measure, letter: LETTERS[measure], state: stateOf(measure, typed), line, extensions, label: shown });
  };

  // A above the cover, B right of it.
  const yA = cover.y - GAP;
  add('a', typedA, { x1: 0, y1: yA, x2: pool.width, y2: yA },
    [{ x1: 0, y1: -2, x2: 0, y2: yA - 3 }, { x1: pool.width, y1: -2, x2: pool.width, y2: yA - 3 }],
    { x: pool.width / 2, y: yA - LABEL_GAP, anchor: 'middle' });
  const xB = cover.x + cover.width + GAP;
  add('b', typedB, { x1: xB, y1: 0, x2: xB, y2: pool.height },
    [{ x1: pool.width + 2, y1: 0, x2: xB + 3, y2: 0 }, { x1: pool.width + 2, y1: pool.height, x2: xB + 3, y2: pool.height }],
    { x: xB + LABEL_GAP, y: pool.height / 2 + FONT_SIZE * 0.35, anchor: 'start' });

  if (stair) {
    // E and C in one chain under everything; D beside the stair, on the side with more room.
    const yChain = Math.max(cover.y + cover.height, stair.y + stair.height) + GAP;
    const below = yChain + LABEL_GAP + FONT_SIZE * 0.8;
    const down = (x: number, from: number) => ({ x1: x, y1: from + 2, x2: x, y2: yChain + 3 });
    add('c', typedC, { x1: stair.x, y1: yChain, x2: stair.x + stair.width, y2: yChain },
      [down(stair.x, stair.y + stair.height), down(stair.x + stair.width, stair.y + stair.height)],
      { x: stair.x + stair.width / 2, y: below, anchor: 'middle' });
    add('e', typedE, { x1: 0, y1: yChain, x2: stair.x, y2: yChain }, [down(0, pool.height)],
      { x: stair.x / 2, y: below, anchor: 'middle' });
    const leftSide = e > right - e - c;
    const xD = leftSide ? stair.x - GAP : stair.x + stair.width + GAP;
    const reach = leftSide ? xD - 3 : xD + 3;
    const edge = leftSide ? stair.x - 2 : stair.x + stair.width + 2;
    add('d', typedD, { x1: xD, y1: stair.y, x2: xD, y2: stair.y + stair.height },
      [{ x1: edge, y1: stair.y + stair.height, x2: reach, y2: stair.y + stair.height }],
      {
        x: leftSide ? xD - LABEL_GAP : xD + LABEL_GAP,
        y: stair.y + stair.height / 2 + FONT_SIZE * 0.35,
        anchor: leftSide ? 'end' : 'start',
      });
  }

  // The view box holds the shape and every label, at least WIDTH wide and centred.
  const boxes = [...placed, ...(stair ? [stair] : []),
    ...dimensions.flatMap((dim) => [dim.line, ...dim.extensions].map(segmentBox))];
  const left = Math.min(...boxes.map((r) => r.x)) - PAD;
  const top = Math.min(...boxes.map((r) => r.y)) - PAD;
  const spanX = Math.max(...boxes.map((r) => r.x + r.width)) + PAD - left;
  const width = Math.max(WIDTH, spanX);
  const x0 = left - (width - spanX) / 2;
  let y = Math.max(...boxes.map((r) => r.y + r.height)) + LINE_HEIGHT + 2;

  const coverLabel: Label = { text: coverText(typedA, typedB, typedO, refused('extra_distance')), x: x0 + width / 2, y, anchor: 'middle' };
  const warnings: Label[] = [];
  for (const measure of ['a', 'b', 'c', 'd', 'e', 'extra_distance'] as const) {
    const message = refusals[measure];
    if (!message || (!hasStair && (measure === 'c' || measure === 'd' || measure === 'e'))) continue;
    for (const line of wrap(`⚠ ${LETTERS[measure]}: ${message}`, width - 2 * PAD)) {
      y += LINE_HEIGHT;
      warnings.push({ text: line, x: x0 + PAD, y, anchor: 'start' });
    }
  }
  const viewBox = { x: x0, y: top, width, height: y + PAD - top };

  const refusedSides: PoolGeometry['refusedSides'] = [];
  const side = (measure: PoolMeasure, s: Segment) => { if (refused(measure)) refusedSides.push({ measure, ...s }); };
  side('a', { x1: 0, y1: 0, x2: pool.width, y2: 0 });
  side('a', { x1: 0, y1: pool.height, x2: pool.width, y2: pool.height });
  side('b', { x1: 0, y1: 0, x2: 0, y2: pool.height });
  side('b', { x1: pool.width, y1: 0, x2: pool.width, y2: pool.height });
  if (stair) {
    side('c', { x1: stair.x, y1: stair.y + stair.height, x2: stair.x + stair.width, y2: stair.y + stair.height });
    side('d', { x1: stair.x, y1: stair.y, x2: stair.x, y2: stair.y + stair.height });
    side('d', { x1: stair.x + stair.width, y1: stair.y, x2: stair.x + stair.width, y2: stair.y + stair.height });
    side('e', { x1: 0, y1: pool.height, x2: stair.x, y2: pool.height });
  }

  return {
    viewBox,
    scale,
    pool,
    cover,
    // No overlap typed is an overlap of 0: the cover is then the pool's size.
    coverState: refused('extra_distance') ? 'refused' : 'typed',
    stair,
    dimensions,
    coverLabel,
    refusedSides,
    warnings,
    summary: summaryOf({ a: typedA, b: typedB, c: typedC, d: typedD, o }, hasStair, refused),
  };
}

const segmentBox = (s: Segment): Rect =>
  ({ x: Math.min(s.x1, s.x2), y: Math.min(s.y1, s.y2), width: Math.abs(s.x2 - s.x1), height: Math.abs(s.y2 - s.y1) });

/** «A 8,50 m»; «A ?» before it is typed; «⚠ A» when refused (the reason is under the drawing). */
function dimensionText(measure: PoolMeasure, value: number | null, refused = false) {
  const letter = LETTERS[measure];
  if (refused) return `⚠ ${letter}`;
  return value === null ? `${letter} ?` : `${letter} ${formatMetres(value)}`;
}

/** «Cobertor 9,10 × 4,60 m · solape 0,30 m», once A and B are known. */
function coverText(a: number | null, b: number | null, o: number | null, refused: boolean) {
  if (refused) return 'Cobertor: ⚠ el solape no es válido';
  if (a === null || b === null) return 'Cobertor: faltan medidas';
  const overlap = o ?? 0;
  const size = `Cobertor ${formatDecimal(a + 2 * overlap)} × ${formatMetres(b + 2 * overlap)}`;
  return overlap > 0 ? `${size} · solape ${formatMetres(overlap)}` : `${size} · sin solape`;
}

/** «Piscina de 8,50 × 4,00 m con escalera de 2,00 × 1,00 m; cobertor de 9,10 × 4,60 m». */
function summaryOf(
  { a, b, c, d, o }: { a: number | null; b: number | null; c: number | null; d: number | null; o: number },
  hasStair: boolean,
  refused: (measure: PoolMeasure) => boolean,
) {
  const lacking = (measure: 'a' | 'b', words: string) => (refused(measure) ? `${words} no es válido` : `falta ${words}`);
  let pool: string;
  if (a !== null && b !== null) pool = `Piscina de ${formatDecimal(a)} × ${formatMetres(b)}`;
  else if (a !== null) pool = `Piscina de ${formatMetres(a)} de largo (${lacking('b', 'el ancho B')})`;
  else if (b !== null) pool = `Piscina de ${formatMetres(b)} de ancho (${lacking('a', 'el largo A')})`;
  else pool = `Piscina sin medidas (${lacking('a', 'el largo A')}; ${lacking('b', 'el ancho B')})`;
  if (hasStair) {
    const known = c !== null && d !== null;
    pool += known ? ` con escalera de ${formatDecimal(c)} × ${formatMetres(d)}` : ' con escalera (sin sus medidas C y D)';
  }
  if (a === null || b === null) return pool;
  if (refused('extra_distance')) return `${pool}; cobertor sin calcular (el solape no es válido)`;
  return `${pool}; cobertor de ${formatDecimal(a + 2 * o)} × ${formatMetres(b + 2 * o)}`;
}
