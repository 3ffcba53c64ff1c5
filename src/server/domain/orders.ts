/** Orders: what budgets, carts and migrations share. */
import crypto from 'node:crypto';

/** An unguessable public tracking code (DESIGN §5): 80 random bits, upper-case hex. */
export const newTrackCode = () => crypto.randomBytes(10).toString('hex').toUpperCase();
