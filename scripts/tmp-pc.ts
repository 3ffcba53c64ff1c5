import { priceBudgetOption } from '../src/shared/pricing';
const pool = { coverTypeId: 1, a: 10, b: 5, c: 0, d: 0, overlap: 0.15, stairwell: false, roundedCorners: false };
for (let k = 0; k < 5; k++) {
  const t0 = performance.now();
  for (let i = 0; i < 320; i++) priceBudgetOption({ pool, quantity: 1, cover: { coverTypeId: 1, priceM2: 10 + i % 9, custom: null }, reinforcement: { priceM2: 1.5, custom: null }, extraConfectionPrice: 15 });
  console.log('320 options', (performance.now() - t0).toFixed(2), 'ms');
}
