/**
 * What the consignment, delivery-calendar and traceability endpoints answer (server: src/server/domain/logistics.ts).
 * Declared once here so the server's functions and the client's calls read the same shape.
 */

/** An order as the delivery calendar and the consignment pages show it. */
export interface OrderSummary {
  id: number;
  client_id: number;
  client_name: string;
  customer_info: string | null;
  /** "YYYY-MM-DD hh:mm:ss" (Madrid), null when not set. */
  delivery_date: string | null;
  status_id: number;
  order_review_status_id: number | null;
  ship_city: string | null;
  consignment_id: number | null;
  /** The client's receiving hours (seconds since midnight), when it set them. */
  receiving_from: number | null;
  receiving_until: number | null;
  /** The order's public state name (orderStateLabel). */
  state: string;
}

/** One production step of an order item, done or not. */
export interface ProductionStepView {
  id: number;
  name: string;
  position: number;
  /** ISO instant, or null while not done. */
  done_at: string | null;
  /** First name of who marked it done. */
  done_by: string | null;
}

/** An order item found by its bar code, with its order and every production step. */
export interface BarcodeView {
  barcode: string;
  product_name: string;
  reference: string | null;
  quantity: number;
  order: { id: number; status_id: number; state: string; delivery_date: string | null };
  steps: ProductionStepView[];
  /** The first step not done yet, null once all are. */
  next_step_id: number | null;
}
