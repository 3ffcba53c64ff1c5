/** The catalogue calls of the product lists (docs/api.md), typed by their contracts. */
import { budgetCalculusContracts } from '../../../shared/contracts/budgets';
import { clientContracts } from '../../../shared/contracts/clients';
import { itemContracts } from '../../../shared/contracts/items';
import { reelContracts } from '../../../shared/contracts/reels';
import { orderContracts } from '../../../shared/contracts/orders';
import { call } from '../../providers/http';

/** "Todas" in the category picker: the server reads category 0 as every category. */
export const ALL_CATEGORIES = 0;

export const categoryOptions = () => call(itemContracts.categoryDropdown);

export const itemsPage = (categoryId: number, fareId: number | null, page: number) =>
  call(itemContracts.cataloguePage, { params: { id: categoryId, fareId: fareId ?? 0, page } }, {});

export const allReels = () => call(reelContracts.all);

export const reelSizes = (reelId: number) => call(reelContracts.sizesDropdown, { params: { id: reelId } }, {});

export const reelDiameters = (reelSubcategoryId: number) =>
  call(reelContracts.diametersDropdown, { params: { id: reelSubcategoryId } }, {});

/** Silent: the wizard itself shows "No disponible" for a 30001, so no notification repeats it. */
export const reelPrice = (query: { reel_subcategory_id: number; diameter: number; engine: boolean; client_fare_id: number | null }) =>
  call(reelContracts.price, { body: query }, { silent: true, reads: true });

export const clientFareOf = async (clientId: number) =>
  (await call(clientContracts.byId, { params: { id: clientId } }, {})).client_fare_id;

/** Adds a wizard's line to a budget calculation; the server prices it (20001 notifies "Correcto"). */
export const addBudgetLine = (
  budgetCalculusId: number,
  line: { item_property_value_id?: number; reel_diameter_id?: number; quantity: number },
) => call(budgetCalculusContracts.addLine, { body: { budget_calculus_id: budgetCalculusId, ...line } }, { changes: 'budget' });

/**
 * Adds a wizard's line to a cart (orderItem/create): the given cart, else the user's current cart of
 * that client, else a new one (a member's own client; staff name the client). Answers the cart order.
 */
export const addCartLine = (
  target: { order_id?: number | null; client_id?: number | null },
  line: { item_property_value_id?: number; reel_diameter_id?: number; quantity: number },
) => call(orderContracts.addLine, { body: { ...target, ...line } }, { changes: 'order' });
