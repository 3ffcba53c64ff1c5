import { defineConfig } from 'vitest/config';

/**
 * The suite StrykerJS runs against each mutant (stryker.config.mjs): the unit tests, which state the pure
 * business rules of src/shared. Each file isolated, as Stryker's runner expects.
 */
export default defineConfig({
  test: { include: ['tests/unit/**/*.test.ts'], environment: 'node' },
});
