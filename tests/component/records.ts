/** Records the component tests serve through the in-memory dataProvider (tests/support/component.tsx). */

/** Rows of the fixture resource `warehouse` (tests/fixtures/warehouse.ts): one of each kind. */
export const WAREHOUSES = [
  { id: 1, name: 'Nave Norte', city: 'Lleida', kind: 'propio', monthly_rent: null, active: true },
  { id: 2, name: 'Depósito Sur', city: 'Murcia', kind: 'alquilado', monthly_rent: 900, active: false },
];
