/**
 * Run before each test file. A worker process runs its files one after another (isolate: false in
 * vitest.config.ts), so that Node loads fastify, PGlite, playwright and the rest once, not once per file;
 * the project's own modules are evaluated afresh for each file, as with isolation: a test helper's
 * module-level state (a round trip's forms, its signed-in pages) never carries over to the next file,
 * nor do the globals, environment variables, timers and spies a file put in place.
 */
import { vi } from 'vitest';

vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.useRealTimers();
vi.restoreAllMocks();
vi.resetModules();
