/**
 * The pool drawn to scale on a PDF (budget and order documents): the same geometry as the screens'
 * drawing (src/shared/poolGeometry.ts, drawn in SVG by src/client/components/PoolDrawing.tsx), here with
 * pdfkit's vector calls, scaled to fit a box. It prints, often in black and white: the cover's outline is
 * dashed and the water filled light, so the shapes stay apart without their colours.
 */
import {
  FONT_SIZE, POOL_COLOURS, poolGeometry, type Label, type MeasureState, type PoolMeasures, type Segment,
} from '../../shared/poolGeometry';

type Pdf = PDFKit.PDFDocument;

/** The screen drawing's colours; the cover's outline and the extension lines darker (toner greys thin lines). */
const { ink: INK, water: WATER, waterEdge: WATER_EDGE, stair: STAIR, missing: MISSING } = POOL_COLOURS;
const COVER = '#37474f';
const EXTENSION = '#78909c';

/**
 * The labels' size in points, scaled with the drawing but kept between these: under 7 pt a label cannot be read
 * on paper, over 9 pt a wide drawing's labels would shout next to the document's 9 pt text.
 */
const MIN_FONT = 7;
const MAX_FONT = 9;
const TICK = 3;

/** The measurements of a stored pool (numbers, the stair's null when there is none), as the geometry reads them. */
export interface StoredPool {
  a: number;
  b: number;
  c: number | null;
  d: number | null;
  e: number | null;
  stairwell: boolean;
  extra_distance: number;
}

/** A pool's summary sentence («Piscina de 8,50 × 4,00 m …»), printed above its drawing. */
export const poolSummary = (pool: StoredPool) => poolGeometry(measuresOf(pool)).summary;

function measuresOf(pool: StoredPool): PoolMeasures {
  return { a: pool.a, b: pool.b, c: pool.c, d: pool.d, e: pool.e, stairwell: pool.stairwell, extra_distance: pool.extra_distance };
}

/**
 * The height, in points, the drawing of `pool` takes at `width` points wide and at most `maxHeight` high:
 * callers check it fits on the page before drawing.
 */
export function poolDrawingHeight(pool: StoredPool, width: number, maxHeight: number) {
  const { viewBox } = poolGeometry(measuresOf(pool));
  return viewBox.height * scaleOf(viewBox, width, maxHeight);
}

const scaleOf = (box: { width: number; height: number }, width: number, maxHeight: number) =>
  Math.min(width / box.width, maxHeight / box.height);

/**
 * Draws `pool` with its top at `top`, centred in `width` points from `left`, at most `maxHeight` high; returns the height
 * used. The document's cursor (pdf.x, pdf.y) is left where it was, the fill colour black; callers set their font.
 */
export function drawPool(pdf: Pdf, pool: StoredPool, box: { left: number; top: number; width: number; maxHeight: number }) {
  const { left, top, width, maxHeight } = box;
  const g = poolGeometry(measuresOf(pool));
  const k = scaleOf(g.viewBox, width, maxHeight);
  const originX = left + (width - g.viewBox.width * k) / 2;
  const x = (value: number) => originX + (value - g.viewBox.x) * k;
  const y = (value: number) => top + (value - g.viewBox.y) * k;
  const size = (value: number) => value * k;
  const fontSize = Math.min(MAX_FONT, Math.max(MIN_FONT, FONT_SIZE * k));
  const cursor = { x: pdf.x, y: pdf.y };

  pdf.save();
  const line = (s: Segment) => pdf.moveTo(x(s.x1), y(s.y1)).lineTo(x(s.x2), y(s.y2));

  // The water, then the cover's dashed outline over its edge (with no overlap they coincide: the dashes still show).
  pdf.rect(x(g.pool.x), y(g.pool.y), size(g.pool.width), size(g.pool.height)).lineWidth(1.5).fillAndStroke(WATER, WATER_EDGE);
  if (g.stair) {
    const s = g.stair;
    pdf.rect(x(s.x), y(s.y), size(s.width), size(s.height)).lineWidth(1).fillAndStroke(STAIR, WATER_EDGE);
    // The stair opens into the pool: no edge between them; its steps run along A.
    line({ x1: s.x + 1, y1: s.y, x2: s.x + s.width - 1, y2: s.y }).lineWidth(2).stroke(STAIR);
    for (const step of [1, 2, 3]) {
      const at = s.y + (s.height * step) / 4;
      line({ x1: s.x, y1: at, x2: s.x + s.width, y2: at }).lineWidth(0.5).stroke(WATER_EDGE);
    }
  }
  pdf.rect(x(g.cover.x), y(g.cover.y), size(g.cover.width), size(g.cover.height)).lineWidth(1).dash(5, { space: 3 }).stroke(COVER);
  pdf.undash();

  pdf.font('Helvetica').fontSize(fontSize);
  const text = (label: Label, colour: string) => {
    const shift = label.anchor === 'start' ? 0 : pdf.widthOfString(label.text) / (label.anchor === 'middle' ? 2 : 1);
    pdf.fillColor(colour).text(label.text, x(label.x) - shift, y(label.y), { lineBreak: false, baseline: 'alphabetic' });
  };
  for (const dimension of g.dimensions) {
    for (const extension of dimension.extensions) line(extension).lineWidth(0.5).stroke(EXTENSION);
    const colour = colourOf(dimension.state);
    // A measure not stored (a stair without its E) is drawn where it stands in, dashed, its label «E ?».
    if (dimension.state !== 'typed') pdf.dash(3, { space: 2 });
    line(dimension.line).lineWidth(0.75).stroke(colour);
    pdf.undash();
    // The oblique end ticks are TICK points long whatever the scale, so that a small drawing keeps them.
    for (const [tx, ty] of [[x(dimension.line.x1), y(dimension.line.y1)], [x(dimension.line.x2), y(dimension.line.y2)]])
      pdf.moveTo(tx - TICK, ty + TICK).lineTo(tx + TICK, ty - TICK).lineWidth(0.75).stroke(colour);
    text(dimension.label, colour);
  }
  text(g.coverLabel, INK);
  pdf.restore();
  pdf.fillColor('black');
  pdf.x = cursor.x;
  pdf.y = cursor.y;
  return g.viewBox.height * k;
}

const colourOf = (state: MeasureState) => (state === 'typed' ? INK : MISSING);
