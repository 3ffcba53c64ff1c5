/**
 * Imported first by every client entry: zod probes `new Function` when a schema is built, to compile
 * its parsers, which our CSP (no 'unsafe-eval') refuses and reports as a violation. Parse without it.
 */
import { z } from 'zod';

z.config({ jitless: true });
// What a schema without a message of its own says is said in Spanish, as the server says it.
z.config(z.locales.es());
