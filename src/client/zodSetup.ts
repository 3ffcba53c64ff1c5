/**
 * zod as the browser gets it: the build resolves every client import of 'zod' to this module (configuredZod in
 * vite.config.ts), so zod is set up before any module of a page can parse with it, and loads only with the
 * pages that check a form. zod probes `new Function` when it first parses, to compile its parsers, which our
 * CSP (no 'unsafe-eval') refuses and reports as a violation: parse without it.
 */
import { config, locales } from 'zod';

config({ jitless: true });
// What a schema without a message of its own says is said in Spanish, as the server says it.
config(locales.es());

export * from 'zod';
