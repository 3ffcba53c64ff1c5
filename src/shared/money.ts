/** Money maths in integer cents, rounded half-up (docs/business-rules.md). */

/** Cents of an amount in euros, tolerant of binary noise (12.345000000001 → 1235). */
export const toCents = (euros: number) => Math.sign(euros) * Math.floor(Math.abs(Math.round(euros * 1e6) / 1e4) + 0.5);

export const fromCents = (cents: number) => cents / 100;

/** A price raised (or lowered) by a percentage: base × (1 + p/100), to the cent, half-up. */
export function withPercentage(base: number, percentage: number): number {
  return fromCents(toCents(fromCents(toCents(base)) * (1 + percentage / 100)));
}
