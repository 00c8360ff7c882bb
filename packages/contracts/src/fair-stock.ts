// Fair stock (docs/decisions/fair-stock.md): how much one shopper may hold without paying. Plain
// constants and messages with no zod import; the settings schema and the server read them.

/** A shopper's orders holding stock without money: Pending, or cash on delivery not yet confirmed. */
export const DEFAULT_MAX_OPEN_ORDERS = 3;
/** Units of one product (all its sizes and colours) one shopper may hold across those orders. */
export const DEFAULT_MAX_HELD_UNITS = 20;
/** Hours staff have to confirm a cash-on-delivery order before it is cancelled and its stock returns. */
export const DEFAULT_COD_CONFIRM_HOURS = 48;

/**
 * The bounds the settings take: a cap of 0 would stop every sale; the largest caps amount to
 * none, for a shop that does not want them; a window past 30 days holds stock for a month.
 */
export const MAX_OPEN_ORDERS_LIMIT = 1_000;
export const MAX_HELD_UNITS_LIMIT = 10_000;
export const COD_CONFIRM_HOURS_LIMIT = 720;

/** What the shopper is told when an order would go past a cap (POST /orders, 409). */
export const fairStockMessages = {
  openOrders: (max: number) =>
    `You already have ${max} ${max === 1 ? 'order' : 'orders'} waiting for payment or for the shop to confirm. Pay for one of them in My Orders, or wait until the shop confirms it, before placing another.`,
  heldUnits: (title: string, max: number, held: number) =>
    held > 0
      ? `You can reserve at most ${max} of “${title}” at a time, and your unpaid orders already hold ${held}. Pay for them first, or order at most ${Math.max(max - held, 0)}.`
      : `You can reserve at most ${max} of “${title}” at a time. Order at most ${max}, or contact the shop for a larger order.`,
} as const;
