import { defineConfig } from 'vitest/config';

/**
 * Every suite: a worker process runs its files one after another, so libraries load once per worker; each
 * file's own modules are evaluated afresh and what the previous file stubbed is put back
 * (tests/support/fresh-modules.ts).
 */
const sharedWorker = { isolate: false, setupFiles: ['tests/support/fresh-modules.ts'] };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node',
          ...sharedWorker,
        },
      },
      // Screens rendered in happy-dom with Testing Library (helpers: tests/support/component.tsx).
      {
        test: {
          name: 'component', include: ['tests/component/**/*.test.tsx'], environment: 'happy-dom',
          ...sharedWorker,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          ...sharedWorker,
          // Two files at a time on any machine (vitest's default is cores − 1: one on a 2-core CI). Each file has its
          // own server and database; PGlite's work and the tests' waits interleave: 538 → 294 s on PGlite,
          // 244 → 177 s on PostgreSQL, both green (issue 31 §14).
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The bench scripts' own checks (they stop what they start, they seed what they say): each starts real
      // servers, seeds databases and loads the machine, so one file at a time, once per `npm test` (the bench
      // runs PostgreSQL whatever the API suite's database), never beside the API suite's timing-bound files.
      {
        test: {
          name: 'scripts',
          include: ['tests/scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          ...sharedWorker,
          maxWorkers: 1,
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          ...sharedWorker,
          // Two files at a time, each with its own server, database and Chromium. On 2 cores: 1,164 s one at a time;
          // 735 s two at a time once Chromium no longer rendered an omnibox popup per window; 655 s once the page
          // also went on from test to test (docs/performance.md). BROWSER_WORKERS=1: one at a time.
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
