/** The dashboard charts' arithmetic (BarsChart.tsx): plain functions, tested without a browser. */

/** The smallest of 1, 2, 5 × a power of ten that is at least `step`, and never under 1: counts and euros have no half steps on an axis. */
export function roundStep(step: number): number {
  if (!(step > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(step));
  const multiple = [1, 2, 5, 10].find((m) => m * power >= step - 1e-9) ?? 10;
  return multiple * power;
}

/** The value axis' ticks, from 0 to the first round step at or over `highest`, about four steps. */
export function niceTicks(highest: number, steps = 4): number[] {
  const step = roundStep(highest / steps);
  const count = Math.max(1, Math.ceil(highest / step - 1e-9));
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}

/** One label in how many fits under its columns (1: all), the longest label deciding, with a little room between. */
export function shownLabelEvery(labels: string[], columnWidth: number, characterWidth: number): number {
  if (!labels.length || columnWidth <= 0) return 1;
  const widest = Math.max(...labels.map((label) => label.length)) * characterWidth + 8;
  return Math.max(1, Math.ceil(widest / columnWidth));
}

/** A label cut with «…» to what fits in `width` (one shown label in several columns still has its limit). */
export function fitLabel(label: string, width: number, characterWidth: number): string {
  const fits = Math.floor(width / characterWidth);
  return label.length <= fits ? label : `${label.slice(0, Math.max(1, fits - 1))}…`;
}
