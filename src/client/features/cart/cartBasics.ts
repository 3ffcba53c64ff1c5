/**
 * The cart's basic data as the page edits it (docs/api.md updateOrderCartBasicData…): the remark, and for
 * staff the shipping price, VAT percentage and invoicing company. Checked with the server's own form
 * (cartChecks.ts), which comes with the first check rather than with the page (cartChecksOnDemand.ts).
 */
import type { CartBasicsChanges } from '../../../shared/forms/order';
import { editableNumber } from '../../../shared/format';
import type { OrderDetails } from '../../../shared/orderViews';

export interface BasicsDraft { shipping_price: string; tax_percentage: string; invoicing_company_id: number | ''; order_remark: string }

/** A stored amount or percentage as the page's text, with its 2 decimals as every form shows them: 15.5 → "15,50", 21 → "21,00". */
const asText = (value: number | null | undefined) => (value == null ? '' : String(editableNumber(value, 2)));

export const draftOf = (order: OrderDetails): BasicsDraft => ({
  shipping_price: asText(order.shipping_price),
  tax_percentage: asText(order.tax_percentage),
  invoicing_company_id: order.invoicing_company_id ?? '',
  order_remark: order.order_remark ?? '',
});

export type BasicsCheck = { ok: true; basics: CartBasicsChanges } | { ok: false; errors: Record<string, string> };
