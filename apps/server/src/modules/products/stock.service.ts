import { and, eq, sql } from 'drizzle-orm';
import { availabilityOf, type Availability } from '@store/contracts/stock';
import type { DbOrTx } from '../../db/client';
import { stockLevels } from '../../db/schema';
import { queueBackInStockEmails } from '../stock-alerts/stock-alerts.service';

/** One variant's stock row: size and colour are '' where the product has no such option. */
export interface StockKey {
  productId: string;
  size: string;
  color: string;
}

export interface StockChange extends StockKey {
  /** units to take (orders) or to put back (cancels); positive */
  quantity: number;
}

export interface StockShortage extends StockKey {
  wanted: number;
  left: number;
}

export const stockKeyOf = (k: StockKey) => `${k.productId}\u0000${k.size}\u0000${k.color}`;

/**
 * Sums changes of the same variant and sorts them by product, size and colour: every
 * transaction then locks stock rows in the same order, so two orders cannot deadlock on
 * PostgreSQL.
 */
function aggregate(changes: StockChange[]): StockChange[] {
  const sums = new Map<string, StockChange>();
  for (const c of changes) {
    const k = stockKeyOf(c);
    const seen = sums.get(k);
    if (seen) seen.quantity += c.quantity;
    else sums.set(k, { ...c });
  }
  return [...sums.values()].sort(
    (a, b) =>
      (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0) ||
      (a.size < b.size ? -1 : a.size > b.size ? 1 : 0) ||
      (a.color < b.color ? -1 : a.color > b.color ? 1 : 0),
  );
}

const sameAvailability = (a: Availability, b: Availability) =>
  a.status === b.status && a.left === b.left;

/**
 * Whether a storefront shows something else now. Only the changed variants need looking at: if
 * none of them changed what it shows, each was in stock above the threshold before and after, so
 * every product holding them was too (its stock is at least that variant's) and no product's
 * availability moved either. `applied` holds on_hand after each change and the signed delta.
 */
function availabilityMoved(applied: { onHand: number; delta: number }[]): boolean {
  return applied.some(
    (r) => !sameAvailability(availabilityOf(r.onHand - r.delta), availabilityOf(r.onHand)),
  );
}

/**
 * Takes stock for an order inside its transaction. Each variant is one conditional UPDATE
 * (on_hand >= wanted), never a read then a write: on PostgreSQL a concurrent order waits for the
 * row and re-checks the condition against what the first one left. Returns the variants that were
 * short (with what is left; the caller throws, which rolls every take back) and whether a
 * storefront's availability changed.
 */
export async function takeStock(
  tx: DbOrTx,
  changes: StockChange[],
): Promise<{ short: StockShortage[]; availabilityChanged: boolean }> {
  const short: StockShortage[] = [];
  const applied: { onHand: number; delta: number }[] = [];
  for (const c of aggregate(changes)) {
    const [row] = await tx
      .update(stockLevels)
      .set({ onHand: sql`${stockLevels.onHand} - ${c.quantity}`, updatedAt: new Date() })
      .where(and(rowOf(c), sql`${stockLevels.onHand} >= ${c.quantity}`))
      .returning({ onHand: stockLevels.onHand });
    if (row) {
      applied.push({ onHand: row.onHand, delta: -c.quantity });
      continue;
    }
    // only for the message: the decision was the UPDATE's
    const [current] = await tx
      .select({ onHand: stockLevels.onHand })
      .from(stockLevels)
      .where(rowOf(c));
    short.push({ ...c, wanted: c.quantity, left: current?.onHand ?? 0 });
  }
  if (short.length) return { short, availabilityChanged: false };
  return { short, availabilityChanged: availabilityMoved(applied) };
}

/**
 * Puts units back (a cancelled or expired order, a return received), in the same lock order as
 * takeStock. A variant whose row is gone (the product no longer offers it) has nowhere to go and
 * is skipped. A variant that was sold out and is back tells whoever asked to be notified (the
 * e-mails are queued on this transaction). Returns whether a storefront's availability changed.
 */
export async function returnStock(tx: DbOrTx, changes: StockChange[]): Promise<boolean> {
  const applied: { onHand: number; delta: number }[] = [];
  const restocked: string[] = [];
  for (const c of aggregate(changes)) {
    const [row] = await tx
      .update(stockLevels)
      .set({ onHand: sql`${stockLevels.onHand} + ${c.quantity}`, updatedAt: new Date() })
      .where(rowOf(c))
      .returning({ onHand: stockLevels.onHand });
    if (!row) continue;
    applied.push({ onHand: row.onHand, delta: c.quantity });
    if (row.onHand - c.quantity <= 0 && row.onHand > 0) restocked.push(c.productId);
  }
  await queueBackInStockEmails(tx, restocked);
  return availabilityMoved(applied);
}

function rowOf(k: StockKey) {
  return and(
    eq(stockLevels.productId, k.productId),
    eq(stockLevels.size, k.size),
    eq(stockLevels.color, k.color),
  );
}
