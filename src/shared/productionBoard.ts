/** The workshop's production board (issue 44): what waits at each production step, oldest first. */
import { z } from 'zod';

/** An item is late when its order's delivery day is past or at most this many days ahead. */
export const BOARD_LATE_DAYS = 2;

/** The cards a column lists at most (its count is always the whole): a wall screen shows no more. */
export const BOARD_CARDS_PER_STEP = 40;

/** The server-sent event the board's stream sends when production changed: the board is read again. */
export const BOARD_CHANGED_EVENT = 'production';

const boardCard = z.object({
  barcode: z.string(),
  product_name: z.string(),
  order_id: z.number(),
  client_name: z.string(),
  /** The order's delivery day, aaaa-mm-dd; null when the order has none. */
  delivery_day: z.string().nullable(),
  /** Since when it waits at this step: the previous step's mark, or the order's finishing for the first step. */
  waiting_since: z.string().describe('Instante ISO'),
  /** The delivery day is past or at most BOARD_LATE_DAYS days ahead. */
  late: z.boolean(),
  /** The delivery day is past. */
  overdue: z.boolean(),
});

export const productionBoardAnswer = z.object({
  /** Today in Madrid, aaaa-mm-dd: what `late` was reckoned against. */
  today: z.string(),
  steps: z.array(z.object({
    id: z.number(),
    name: z.string(),
    /** Every item waiting at this step (the cards are the oldest BOARD_CARDS_PER_STEP). */
    count: z.number(),
    items: z.array(boardCard),
  })),
});

export type ProductionBoard = z.infer<typeof productionBoardAnswer>;
export type BoardCard = z.infer<typeof boardCard>;

/** A kiosk link to the board as the office lists it: never its key, which shows once, when it is made. */
export const boardLinkAnswer = z.object({
  id: z.number().int(),
  name: z.string().describe('Dónde está la pantalla («Pared del taller»)'),
  created_at: z.string().describe('Cuándo se creó (ISO 8601)'),
  created_by: z.string().nullable().describe('Quién lo creó'),
});
export type BoardLink = z.infer<typeof boardLinkAnswer>;
