import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { fairStockMessages } from '@store/contracts/fair-stock';
import { orderStatus } from '@store/contracts/order-rules';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, stores, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';

/**
 * An order that holds stock without money (docs/decisions/fair-stock.md): Pending (not paid yet),
 * or cash on delivery that staff have not confirmed. Shipping a COD order confirms it.
 */
export const holdsStockWithoutMoney = or(
  eq(orders.status, orderStatus.pending),
  and(
    eq(orders.status, orderStatus.processing),
    eq(orders.codStatus, 'to_collect'),
    isNull(orders.codConfirmedAt),
  ),
)!;

export interface FairStockCaps {
  maxOpenOrders: number;
  maxHeldUnits: number;
  codConfirmHours: number;
}

export async function fairStockCaps(db: DbOrTx, storeId: string): Promise<FairStockCaps> {
  const [caps] = await db
    .select({
      maxOpenOrders: stores.maxOpenOrders,
      maxHeldUnits: stores.maxHeldUnits,
      codConfirmHours: stores.codConfirmHours,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!caps) throw new HttpError(404, 'No such store');
  return caps;
}

/** One product of the order being placed: all its lines' units together. */
export interface WantedProduct {
  productId: string;
  title: string;
  quantity: number;
  /** where the checkout shows this product's message */
  field: string;
}

/**
 * Refuses (409) an order that would take the shopper past the store's caps: more open orders
 * holding stock without money, or more units of one product held across them. Runs inside the
 * order's transaction before any stock is taken or any row written, and first locks the shopper's
 * row: a second order of the same shopper waits here until the first commits or rolls back, then
 * counts it, so concurrent placements cannot slip past the cap (PGlite runs one transaction at a
 * time anyway; on PostgreSQL the row lock does it). Orders of other shoppers never wait on it.
 */
export async function checkFairStock(
  tx: DbOrTx,
  storeId: string,
  userId: string,
  wanted: WantedProduct[],
): Promise<void> {
  // NO KEY UPDATE, not UPDATE: the rows this transaction inserts (idempotency key, order)
  // reference the shopper, and their foreign-key checks take KEY SHARE on this row, which FOR
  // UPDATE would conflict with: two orders of one shopper would deadlock on PostgreSQL
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const caps = await fairStockCaps(tx, storeId);
  const mine = and(eq(orders.storeId, storeId), eq(orders.userId, userId), holdsStockWithoutMoney);
  const [open] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(mine);
  if ((open?.n ?? 0) >= caps.maxOpenOrders)
    throw new HttpError(
      409,
      fairStockMessages.openOrders(caps.maxOpenOrders),
      undefined,
      'fair_stock_limit',
    );

  const ids = wanted.map((w) => w.productId);
  const held =
    ids.length === 0
      ? []
      : await tx
          .select({
            productId: orderItems.productId,
            units: sql<number>`sum(${orderItems.quantity})::int`,
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(and(mine, isNotNull(orderItems.productId), inArray(orderItems.productId, ids)))
          .groupBy(orderItems.productId);
  const heldOf = new Map(held.map((h) => [h.productId!, h.units]));
  const errors: Record<string, string> = {};
  for (const w of wanted) {
    const already = heldOf.get(w.productId) ?? 0;
    if (already + w.quantity > caps.maxHeldUnits)
      errors[w.field] = fairStockMessages.heldUnits(w.title, caps.maxHeldUnits, already);
  }
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(409, first, errors, 'fair_stock_limit');
}
