/**
 * The cart's checks with the server's own forms. Their forms bring zod, which drawing the cart does not
 * need: this module comes with the first check (cartChecksOnDemand.ts), not with the page.
 */
import { quantity } from '../../../shared/forms/budget';
import { cartBasicsForm } from '../../../shared/forms/order';
import { fieldErrors } from '../../../shared/validation';
import type { BasicsCheck, BasicsDraft } from './cartBasics';

/**
 * The basics to send, or the form's messages. A member sends its remark only (the server sets the
 * rest from its client); staff send every override, since a value left out is taken from the client.
 */
export function checkBasics(orderId: number, draft: BasicsDraft, isAdmin: boolean): BasicsCheck {
  const parsed = cartBasicsForm.safeParse({ order_id: orderId, ...(isAdmin ? draft : { order_remark: draft.order_remark }) });
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const { shipping_price, tax_percentage, invoicing_company_id, order_remark } = parsed.data;
  return { ok: true, basics: isAdmin ? { shipping_price, tax_percentage, invoicing_company_id, order_remark } : { order_remark } };
}

/** A line's quantity as typed, checked with the budgets' own rule (a whole number from 1 to 10000). */
export function checkQuantity(typed: string): { ok: true; quantity: number } | { ok: false; message?: string } {
  const checked = quantity.safeParse(typed);
  return checked.success ? { ok: true, quantity: checked.data } : { ok: false, message: checked.error.issues[0]?.message };
}
