/**
 * What the consignment and delivery-calendar endpoints answer (server: src/server/domain/logistics.ts); the
 * public traceability answer is in publicAnswers.ts.
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
