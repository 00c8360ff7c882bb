import { asc, eq, inArray } from 'drizzle-orm';
import { paiseToRupees } from '@store/contracts/money';
import { orderStatus } from '@store/contracts/order-rules';
import type { OrderHistoryEntry } from '@store/contracts/orders';
import type { ReturnStatus } from '@store/contracts/return-rules';
import type { ShopperReturn } from '@store/contracts/returns';
import type { DbOrTx } from '../../db/client';
import { orderItems, returnLines, returns, stores } from '../../db/schema';

type ReturnRow = typeof returns.$inferSelect;
type OrderRow = { id: string; storeId: string; status: number };

const DAY_MS = 86_400_000;

/**
 * The last moment a Delivered order takes a return request: its delivery plus the store's window
 * (0 days: never). Null for an order not delivered, or without a delivery date.
 */
export function returnableUntil(
  order: { status: number },
  history: OrderHistoryEntry[],
  windowDays: number,
): Date | null {
  if (order.status !== orderStatus.delivered || windowDays <= 0) return null;
  const delivered = history.find((h) => h.stage === 'delivered');
  return delivered ? new Date(Date.parse(delivered.at) + windowDays * DAY_MS) : null;
}

/** When each state was reached, oldest first. */
export function returnHistory(r: ReturnRow): { status: ReturnStatus; at: string }[] {
  const steps: [ReturnStatus, Date | null][] = [
    ['requested', r.createdAt],
    ['approved', r.approvedAt],
    ['rejected', r.rejectedAt],
    ['received', r.receivedAt],
    ['refunded', r.refundedAt],
  ];
  return steps
    .filter((s): s is [ReturnStatus, Date] => s[1] !== null)
    .map(([status, at]) => ({ status, at: at.toISOString() }));
}

/** Each order's return requests as its shopper sees them, and the store's return window (days). */
export async function shopperReturnsOf(
  db: DbOrTx,
  rows: OrderRow[],
): Promise<{ returnsOf: Map<string, ShopperReturn[]>; windowDays: Map<string, number> }> {
  const ids = rows.map((r) => r.id);
  const storeIds = [...new Set(rows.map((r) => r.storeId))];
  if (ids.length === 0) return { returnsOf: new Map(), windowDays: new Map() };
  const [found, windows] = await Promise.all([
    db.select().from(returns).where(inArray(returns.orderId, ids)).orderBy(asc(returns.createdAt)),
    db
      .select({ id: stores.id, days: stores.returnWindowDays })
      .from(stores)
      .where(inArray(stores.id, storeIds)),
  ]);
  const lines = found.length
    ? await db
        .select({
          returnId: returnLines.returnId,
          orderItemId: returnLines.orderItemId,
          quantity: returnLines.quantity,
          productTitle: orderItems.productTitle,
        })
        .from(returnLines)
        .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
        .where(
          inArray(
            returnLines.returnId,
            found.map((r) => r.id),
          ),
        )
    : [];
  const returnsOf = new Map<string, ShopperReturn[]>();
  for (const r of found) {
    const list = returnsOf.get(r.orderId) ?? [];
    list.push({
      id: r.id,
      status: r.status as ReturnStatus,
      createdAt: r.createdAt.toISOString(),
      reason: r.reason,
      lines: lines
        .filter((l) => l.returnId === r.id)
        .map(({ orderItemId, productTitle, quantity }) => ({
          orderItemId,
          productTitle,
          quantity,
        })),
      photos: r.photos,
      instructions: r.instructions,
      rejectionReason: r.rejectionReason,
      refunded: r.status === 'refunded' ? paiseToRupees(r.refundedPaise) : null,
      history: returnHistory(r),
    });
    returnsOf.set(r.orderId, list);
  }
  return { returnsOf, windowDays: new Map(windows.map((w) => [w.id, w.days])) };
}
