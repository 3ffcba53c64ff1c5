// @ts-check
/**
 * Mutation testing of the pure business rules (issue 41, docs/testing.md): StrykerJS changes src/shared one
 * small mistake at a time (a sign, a bound, a condition) and runs the unit tests; a mutant no test notices is a
 * rule nobody checks. `npm run test:mutation`; the per-file scores print at the end.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.mutation.json',
  // The money, validation and status rules (issue 41 §4); docs/testing.md has the rest of src/shared's first scores.
  mutate: [
    'src/shared/pricing.ts',
    'src/shared/money.ts',
    'src/shared/validation.ts',
    'src/shared/csv.ts',
    'src/shared/format.ts',
    'src/shared/orders.ts',
    'src/shared/budgets.ts',
  ],
  coverageAnalysis: 'perTest',
  // Incremental mode: the file, kept in the repository, holds each mutant's last result with the tests that
  // covered it; a run tests again only the mutants whose code or covering tests changed since, so CI on a
  // clean clone spends minutes rather than most of an hour. Refresh it after changing src/shared or the unit
  // tests (`npm run test:mutation -- --force` tests every mutant and rewrites it).
  incremental: true,
  incrementalFile: 'tests/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: 85 },
  concurrency: 2,
  tempDirName: '.stryker-tmp',
  // What the sandbox need not copy: builds, the local database, reports and other runs' sandboxes.
  ignorePatterns: ['/dist', '/data', '/backups', '/test-results', '/reports', '/.stryker-tmp*'],
};
