import { and, asc, eq, inArray, isNotNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { orderItems, orders, payments } from '../../db/schema';
import { returnStock } from '../products/stock.service';
import { normalizeOrderId } from './order-id';
import { orderStatus, orderStatusLabel } from '@store/contracts/order-rules';
import { nextOrderStatus, orderTransition, type OrderAction } from './order-status';
import { paymentBeingConfirmed } from './orders.service';

export type OperatorAction = Exclude<OrderAction, 'pay'>;

export class OrderTransitionError extends Error {}

export interface TransitionedOrder {
  id: string;
  from: number;
  to: number;
  trackingNumber: string | null;
}

/**
 * The conditional UPDATE of an action: it changes the order only while its status is one the action
 * may start from, so two operators (or an operator and a payment notification) cannot both win.
 * Null when the status no longer allows it.
 */
async function applyTransition(
  db: DbOrTx,
  orderId: string,
  action: OrderAction,
  change: { trackingNumber?: string; cancelReason?: string } = {},
) {
  const { from, to } = orderTransition(action);
  const [row] = await db
    .update(orders)
    .set({
      status: to,
      updatedAt: new Date(),
      ...(change.trackingNumber === undefined ? {} : { trackingNumber: change.trackingNumber }),
      ...(change.cancelReason === undefined ? {} : { cancelReason: change.cancelReason }),
    })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning({ status: orders.status, trackingNumber: orders.trackingNumber });
  return row ?? null;
}

/**
 * Pending -> Processing, inside the transaction that applies a verified payment notification
 * (payments.service applyNotification), the only way an order is paid. False when the order is no
 * longer Pending.
 */
export async function markOrderPaid(tx: DbOrTx, orderId: string): Promise<boolean> {
  return (await applyTransition(tx, orderId, 'pay')) !== null;
}

/** Puts a cancelled order's units back on their stock rows (in the cancel's transaction). */
async function returnOrderStock(tx: DbOrTx, orderId: string): Promise<boolean> {
  const items = await tx
    .select({
      productId: orderItems.productId,
      size: orderItems.variantSize,
      color: orderItems.variantColor,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.productId)));
  return returnStock(
    tx,
    items.map((i) => ({
      productId: i.productId!,
      size: i.size ?? '',
      color: i.color ?? '',
      quantity: i.quantity,
    })),
  );
}

/**
 * The operator's cancel: status, cancel reason, the stock back and, when the order was paid, its
 * payment flagged as owed back, all in one transaction. The conditional status UPDATE is the
 * guard: of two concurrent cancels only one changes a row, so stock returns once.
 */
async function cancelByOperator(db: Db, orderId: string) {
  return db.transaction(async (tx) => {
    const row = await applyTransition(tx, orderId, 'cancel', { cancelReason: 'operator' });
    if (!row) return null;
    const availabilityChanged = await returnOrderStock(tx, orderId);
    // payments/ imports orders, never the reverse; this is the one write orders makes there
    await tx
      .update(payments)
      .set({ needsRefund: true, updatedAt: new Date() })
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.status, 'succeeded'),
          lt(payments.refundedPaise, payments.amountPaise),
        ),
      );
    return { ...row, availabilityChanged };
  });
}

/**
 * The operator's ship / deliver / cancel, with a message for each refusal. Paying is not here:
 * only a verified notification does that (markOrderPaid). `onAvailabilityChange` runs after a
 * cancel whose returned stock changes what a storefront shows (clear the catalogue cache).
 */
export async function transitionOrder(
  db: Db,
  rawOrderId: string,
  action: OperatorAction,
  options: { trackingNumber?: string; onAvailabilityChange?: () => void } = {},
): Promise<TransitionedOrder> {
  const orderId = normalizeOrderId(rawOrderId);
  if (!orderId) throw new OrderTransitionError(`Not an order id: ${rawOrderId}`);
  const tracking = options.trackingNumber?.trim();
  if (action === 'ship' && !tracking)
    throw new OrderTransitionError('Shipping needs a tracking number: --tracking <number>');
  if (tracking && (tracking.length > 64 || !/^[\w-]+$/.test(tracking))) {
    throw new OrderTransitionError(
      'A tracking number is up to 64 letters, digits, dashes or underscores',
    );
  }

  const [current] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!current) throw new OrderTransitionError(`Order ${orderId} not found`);
  const next = nextOrderStatus(current.status, action);
  if (!next.ok) throw new OrderTransitionError(next.error);

  const row =
    action === 'cancel'
      ? await cancelByOperator(db, orderId)
      : await applyTransition(db, orderId, action, {
          trackingNumber: action === 'ship' ? tracking : undefined,
        });
  if (row && 'availabilityChanged' in row && row.availabilityChanged)
    options.onAvailabilityChange?.();
  if (!row)
    throw new OrderTransitionError(
      `Order ${orderId} changed meanwhile; it is no longer ${orderStatusLabel(current.status)}`,
    );
  return { id: orderId, from: current.status, to: row.status, trackingNumber: row.trackingNumber };
}

/**
 * Cancels Pending orders placed more than `olderThanMs` ago that nobody paid, returns their stock
 * (reason 'expired') and expires their open payment attempts. An order whose payment the provider
 * is still confirming (PayU `pending`) waits for that answer. Each order is its own short
 * transaction, conditional on the order still being Pending and unconfirmed, so a payment that
 * lands meanwhile wins (or, arriving after, finds the order cancelled and is flagged for refund
 * by payments). Returns how many orders it cancelled. The job runner calls it every minute.
 */
export async function expireUnpaidOrders(
  db: Db,
  opts: {
    olderThanMs: number;
    now?: Date;
    limit?: number;
    /** runs once when returned stock changed what a storefront shows */
    onAvailabilityChange?: () => void;
  },
): Promise<number> {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - opts.olderThanMs);
  const unconfirmed = notExists(
    db
      .select({ one: sql`1` })
      .from(payments)
      .where(and(eq(payments.orderId, orders.id), paymentBeingConfirmed)),
  );
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, orderStatus.pending), lt(orders.createdAt, cutoff), unconfirmed))
    .orderBy(asc(orders.createdAt))
    .limit(opts.limit ?? 500);
  let cancelled = 0;
  let availabilityChanged = false;
  for (const { id } of due) {
    const changed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ status: orderStatus.cancelled, cancelReason: 'expired', updatedAt: now })
        .where(and(eq(orders.id, id), eq(orders.status, orderStatus.pending), unconfirmed))
        .returning({ id: orders.id });
      if (!row) return null;
      await tx
        .update(payments)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(payments.orderId, id), eq(payments.status, 'pending')));
      return returnOrderStock(tx, id);
    });
    if (changed === null) continue;
    cancelled++;
    availabilityChanged ||= changed;
  }
  if (availabilityChanged) opts.onAvailabilityChange?.();
  return cancelled;
}
