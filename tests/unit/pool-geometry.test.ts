/**
 * The pool drawn to scale (src/shared/poolGeometry.ts, docs/business-rules.md "Pool shape"): every expected
 * size below is worked by hand from the measurements — the cover is the pool grown by the overlap on each
 * side, the stair sits on A's side E from the corner, C along A and D outwards — and compared as ratios of
 * the drawn pool, so the test does not depend on the drawing's chosen size.
 */
import { describe, expect, it } from 'vitest';
import { poolGeometry, type PoolGeometry } from '../../src/shared/poolGeometry';

const label = (g: PoolGeometry, measure: string) => g.dimensions.find((d) => d.measure === measure)?.label.text;
/** Metres on the drawing: a length divided by the drawn pool's A. */
const inMetres = (g: PoolGeometry, a: number) => (units: number) => (units / g.pool.width) * a;

describe('a plain pool', () => {
  it('8 × 4 without overlap: the cover is the pool', () => {
    const g = poolGeometry({ a: 8, b: 4, extra_distance: 0 });
    expect(g.pool.width / g.pool.height).toBeCloseTo(2, 9);
    expect(g.cover).toEqual(g.pool);
    expect(label(g, 'a')).toBe('A 8,00 m');
    expect(label(g, 'b')).toBe('B 4,00 m');
    expect(g.coverLabel.text).toBe('Cobertor 8,00 × 4,00 m · sin solape');
    expect(g.summary).toBe('Piscina de 8,00 × 4,00 m; cobertor de 8,00 × 4,00 m');
    expect(g.stair).toBeNull();
    expect(g.dimensions.map((d) => d.measure)).toEqual(['a', 'b']);
  });

  it('8 × 4 with 0,3 m of overlap: a cover of 8,60 × 4,60 m centred on the pool', () => {
    const g = poolGeometry({ a: '8', b: '4', extra_distance: '0,3' });
    const m = inMetres(g, 8);
    expect(m(g.cover.width)).toBeCloseTo(8.6, 9);
    expect(m(g.cover.height)).toBeCloseTo(4.6, 9);
    expect(m(g.pool.x - g.cover.x)).toBeCloseTo(0.3, 9);
    expect(m(g.pool.y - g.cover.y)).toBeCloseTo(0.3, 9);
    expect(g.coverLabel.text).toBe('Cobertor 8,60 × 4,60 m · solape 0,30 m');
    expect(g.summary).toBe('Piscina de 8,00 × 4,00 m; cobertor de 8,60 × 4,60 m');
  });

  it('one metre is as long across as down (the scale is uniform)', () => {
    const g = poolGeometry({ a: 12.5, b: 5, extra_distance: 0.25 });
    expect(g.pool.width / 12.5).toBeCloseTo(g.pool.height / 5, 9);
    expect(g.cover.width / 13).toBeCloseTo(g.cover.height / 5.5, 9);
    expect(g.scale).toBeCloseTo(g.pool.width / 12.5, 9);
  });

  it('reads typed Spanish numbers and ignores what is not one yet', () => {
    const typed = poolGeometry({ a: '8,5', b: '4', extra_distance: '0,30' });
    expect(label(typed, 'a')).toBe('A 8,50 m');
    // "1.000" could be a thousand or one: not drawn until it is clear.
    const unclear = poolGeometry({ a: '1.000', b: '4' });
    expect(label(unclear, 'a')).toBe('A ?');
    expect(unclear.summary).toBe('Piscina de 4,00 m de ancho (falta el largo A)');
  });
});

describe('a pool with a stair', () => {
  const withStair = (e: number) =>
    poolGeometry({ a: 8, b: 4, extra_distance: 0.15, stairwell: true, c: 2, d: 1, e });

  it('at the corner (E 0): on A\'s side, from the pool\'s corner, C along A and D outwards', () => {
    const g = withStair(0);
    const m = inMetres(g, 8);
    expect(g.stair!.x).toBeCloseTo(g.pool.x, 9);
    expect(g.stair!.y).toBeCloseTo(g.pool.y + g.pool.height, 9);
    expect(m(g.stair!.width)).toBeCloseTo(2, 9);
    expect(m(g.stair!.height)).toBeCloseTo(1, 9);
    expect(label(g, 'e')).toBe('E 0,00 m');
  });

  it('in the middle (E 3 on an 8 m A): its centre is the pool\'s', () => {
    const g = withStair(3);
    expect(g.stair!.x + g.stair!.width / 2).toBeCloseTo(g.pool.x + g.pool.width / 2, 9);
    expect(inMetres(g, 8)(g.stair!.x)).toBeCloseTo(3, 9);
  });

  it('at the far corner (E + C = A): it ends where A ends', () => {
    const g = withStair(6);
    expect(g.stair!.x + g.stair!.width).toBeCloseTo(g.pool.x + g.pool.width, 9);
  });

  it('labels C, D and E and says the stair in the summary; the cover adds no overlap around the stair', () => {
    const g = poolGeometry({ a: '8,5', b: '4', extra_distance: '0,3', stairwell: true, c: '2', d: '1', e: '1' });
    expect(label(g, 'c')).toBe('C 2,00 m');
    expect(label(g, 'd')).toBe('D 1,00 m');
    expect(label(g, 'e')).toBe('E 1,00 m');
    expect(g.summary).toBe('Piscina de 8,50 × 4,00 m con escalera de 2,00 × 1,00 m; cobertor de 9,10 × 4,60 m');
    expect(g.coverLabel.text).toBe('Cobertor 9,10 × 4,60 m · solape 0,30 m');
    // The stair (1 m out) reaches past the cover's 0,3 m: drawn C × D as the price counts it.
    expect(inMetres(g, 8.5)(g.stair!.y + g.stair!.height - (g.cover.y + g.cover.height))).toBeCloseTo(0.7, 9);
  });

  it('without «Escalera» its sizes are not read', () => {
    const g = poolGeometry({ a: 8, b: 4, stairwell: false, c: 2, d: 1, e: 1 }, { c: 'Rechazada' });
    expect(g.stair).toBeNull();
    expect(g.warnings).toEqual([]);
    expect(g.summary).toBe('Piscina de 8,00 × 4,00 m; cobertor de 8,00 × 4,00 m');
  });
});

describe('while it is typed', () => {
  it('nothing typed: a stand-in pool with the letters alone', () => {
    const g = poolGeometry({});
    expect(label(g, 'a')).toBe('A ?');
    expect(label(g, 'b')).toBe('B ?');
    expect(g.dimensions.every((d) => d.state === 'missing')).toBe(true);
    expect(g.coverLabel.text).toBe('Cobertor: faltan medidas');
    expect(g.summary).toBe('Piscina sin medidas (falta el largo A; falta el ancho B)');
  });

  it('only A: drawn twice as long as wide until B comes', () => {
    const g = poolGeometry({ a: '8,5', b: '' });
    expect(g.pool.width / g.pool.height).toBeCloseTo(2, 9);
    expect(label(g, 'b')).toBe('B ?');
    expect(g.summary).toBe('Piscina de 8,50 m de largo (falta el ancho B)');
  });

  it('a stair without its sizes yet', () => {
    const g = poolGeometry({ a: 8, b: 4, stairwell: true });
    expect(g.stair).not.toBeNull();
    expect(label(g, 'c')).toBe('C ?');
    expect(g.summary).toBe('Piscina de 8,00 × 4,00 m con escalera (sin sus medidas C y D); cobertor de 8,00 × 4,00 m');
  });
});

describe('a refused measure', () => {
  const MESSAGE = 'El ancho B no vale';

  it('is not drawn: the side is marked and the form\'s message written under the drawing', () => {
    // B typed 3 but refused: the pool is not drawn 8 × 3 (8 : 3) but as a stand-in (2 : 1).
    const g = poolGeometry({ a: 8, b: '3', extra_distance: 0.3 }, { b: MESSAGE });
    expect(g.pool.width / g.pool.height).toBeCloseTo(2, 9);
    expect(label(g, 'b')).toBe('⚠ B');
    expect(g.dimensions.find((d) => d.measure === 'b')!.state).toBe('refused');
    expect(g.refusedSides.map((s) => s.measure)).toEqual(['b', 'b']);
    expect(g.warnings.map((w) => w.text).join(' ')).toBe(`⚠ B: ${MESSAGE}`);
    expect(g.summary).toBe('Piscina de 8,00 m de largo (el ancho B no es válido)');
  });

  it('a refused overlap draws the cover\'s outline as the warning and prices no size', () => {
    const g = poolGeometry({ a: 8, b: 4, extra_distance: '1.234,5' }, { extra_distance: 'Solape no válido' });
    expect(g.coverState).toBe('refused');
    expect(g.cover).toEqual(g.pool);
    expect(g.coverLabel.text).toBe('Cobertor: ⚠ el solape no es válido');
    expect(g.warnings.map((w) => w.text)).toEqual(['⚠ Solape: Solape no válido']);
    expect(g.summary).toBe('Piscina de 8,00 × 4,00 m; cobertor sin calcular (el solape no es válido)');
  });

  it('a long message is wrapped inside the drawing', () => {
    const long = 'Introduzca una medida válida en metros (máximo 2 decimales) con un texto todavía más largo';
    const g = poolGeometry({ a: 8, b: 4 }, { a: long });
    expect(g.warnings.length).toBeGreaterThan(1);
    expect(g.warnings.map((w) => w.text).join(' ')).toBe(`⚠ A: ${long}`);
    for (const w of g.warnings) expect(w.y).toBeLessThanOrEqual(g.viewBox.y + g.viewBox.height);
  });
});

describe('extreme proportions', () => {
  /** A label's box with Arial's digit width (0,556 em), its baseline at y. */
  const boxOf = (l: { text: string; x: number; y: number; anchor: string }) => {
    const width = l.text.length * 13 * 0.556;
    const x = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - width : l.x - width / 2;
    return { x, y: l.y - 10, width, height: 13 };
  };
  const apart = (p: ReturnType<typeof boxOf>, q: ReturnType<typeof boxOf>) =>
    p.x + p.width <= q.x || q.x + q.width <= p.x || p.y + p.height <= q.y || q.y + q.height <= p.y;

  it.each([
    ['30 × 0,5', { a: 30, b: 0.5, extra_distance: 0.3 }],
    ['0,5 × 30', { a: 0.5, b: 30, extra_distance: 0.3 }],
    ['30 × 0,5 with a stair at the far corner', { a: 30, b: 0.5, extra_distance: 0.3, stairwell: true, c: 1, d: 0.5, e: 29 }],
    ['8 × 4 with a stair at the corner', { a: 8, b: 4, extra_distance: 0, stairwell: true, c: 2, d: 1, e: 0 }],
  ])('%s: drawn to scale, no label over another, all inside the view box', (_, measures) => {
    const g = poolGeometry(measures);
    expect(g.pool.width / g.pool.height).toBeCloseTo(measures.a / measures.b, 9);
    const labels = [...g.dimensions.map((d) => d.label), g.coverLabel].map(boxOf);
    labels.forEach((p, i) => labels.slice(i + 1).forEach((q) => expect(apart(p, q), JSON.stringify([p, q])).toBe(true)));
    const { x, y, width, height } = g.viewBox;
    for (const box of [...labels, g.pool, g.cover]) {
      expect(box.x).toBeGreaterThanOrEqual(x);
      expect(box.y).toBeGreaterThanOrEqual(y);
      expect(box.x + box.width).toBeLessThanOrEqual(x + width);
      expect(box.y + box.height).toBeLessThanOrEqual(y + height);
    }
  });
});
