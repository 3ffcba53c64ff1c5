/**
 * zod/mini as the browser gets it: the build resolves every client import of 'zod/mini' to this module
 * (configuredZod in vite.config.ts), set up as zodSetup.ts sets zod up: parsing without `new Function`, which
 * our CSP refuses. No locale: its rules (the sign-in form's) each carry their own message.
 */
import { config } from 'zod/mini';

config({ jitless: true });

export * from 'zod/mini';
