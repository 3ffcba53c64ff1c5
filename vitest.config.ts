import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      // Screens rendered in happy-dom with Testing Library (helpers: tests/support/component.tsx).
      { test: { name: 'component', include: ['tests/component/**/*.test.tsx'], environment: 'happy-dom' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          // Two files at a time (each its own server, database and Chromium): most of a browser test's time
          // is spent waiting for pages, so two keep a 2-core machine busy. BROWSER_WORKERS=1 runs one at a time.
          maxWorkers: Number(process.env.BROWSER_WORKERS) || 2,
          // Its own group, run after the other projects' files: its worker count differs from theirs.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
