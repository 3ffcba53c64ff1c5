/**
 * The cart's checks (cartChecks.ts) come with their first use, not with the page (issue 46 §1): their forms
 * bring zod, which drawing a cart does not need.
 */
import { loadOnce } from '../../loadOnce';
import { rulesOrNotice } from '../../providers/events';

/** Fetched once: ahead as a field takes the focus, or with the first check. */
const loadCartChecks = loadOnce(() => import('./cartChecks'));

/** Fetches the checks ahead of their first use (a failure is said by the check that needs them). */
export const fetchCartChecksAhead = () => { loadCartChecks().catch(() => undefined); };

/** The cart's checks; null once the user has been told that their script did not arrive. */
export const cartChecks = () => rulesOrNotice(loadCartChecks());
