import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { orderStatus } from '@store/contracts/order-rules';
import type { Db, DbOrTx } from '../../db/client';
import { orders, stores } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { recordActivity, type Actor } from '../activity/activity.service';
import { queueOrderEmail } from '../mail/outbox.service';
import { normalizeOrderId } from './order-id';
import { cancelEachDue, closeCodAttempt, returnOrderStock } from './order-transitions.service';

/** A cash-on-delivery order staff have not confirmed: it holds stock without money. */
const unconfirmedCod = and(
  eq(orders.status, orderStatus.processing),
  eq(orders.codStatus, 'to_collect'),
  isNull(orders.codConfirmedAt),
);

/** When an unconfirmed COD order lapses: its placing plus the store's confirmation window. */
export const codLapsesAt = (createdAt: Date, confirmHours: number) =>
  new Date(createdAt.getTime() + confirmHours * 3_600_000);

/**
 * Staff confirm a cash-on-delivery order (POST /admin/orders/:id/cod-confirmation): they have
 * checked it is real (often a phone call), so it no longer expires. The conditional UPDATE is the
 * guard against the expiry sweep: of the two, only one changes the row. 404 for another store's
 * or an unknown order, 409 when there is nothing to confirm.
 */
export async function confirmCodOrder(db: Db, actor: Actor, rawOrderId: string): Promise<void> {
  const orderId = normalizeOrderId(rawOrderId);
  if (!orderId) throw new HttpError(404, 'Order not found');
  await db.transaction((tx) => confirmCodOrderIn(tx, actor, orderId));
}

/**
 * confirmCodOrder on the caller's transaction: also the back office's New order, whose cash on
 * delivery staff confirmed by taking it on the phone (docs/decisions/back-office-new-order.md).
 */
export async function confirmCodOrderIn(
  tx: DbOrTx,
  actor: Actor,
  orderId: string,
  summary = 'Confirmed for cash on delivery',
): Promise<void> {
  const [current] = await tx
    .select({
      status: orders.status,
      codStatus: orders.codStatus,
      codConfirmedAt: orders.codConfirmedAt,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.storeId, actor.storeId)))
    .for('update');
  if (!current) throw new HttpError(404, 'Order not found');
  if (current.codStatus === null)
    throw new HttpError(409, 'This order is not a cash-on-delivery order');
  if (current.status === orderStatus.cancelled)
    throw new HttpError(409, 'This order is cancelled: there is nothing to confirm');
  if (current.codConfirmedAt !== null || current.status !== orderStatus.processing)
    throw new HttpError(409, 'This order is already confirmed');
  const now = new Date();
  await tx
    .update(orders)
    .set({ codConfirmedAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), unconfirmedCod));
  await recordActivity(tx, actor, {
    action: 'order.cod_confirmed',
    entityType: 'order',
    entityId: orderId,
    summary,
    before: { codConfirmedAt: null },
    after: { codConfirmedAt: now.toISOString() },
  });
}

/**
 * Cancels cash-on-delivery orders that staff did not confirm within their store's window
 * (stores.cod_confirm_hours, counted from the order's placing), like unpaid ones: reason
 * 'cod_unconfirmed', the stock back, the open COD attempt expired, the cancellation e-mail queued.
 * Each order is its own short transaction, conditional on it still being unconfirmed, so a
 * confirmation or a dispatch that lands meanwhile wins. Returns how many it cancelled.
 */
export async function expireUnconfirmedCodOrders(
  db: Db,
  opts: { now?: Date; limit?: number; onAvailabilityChange?: () => void } = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(
      and(
        unconfirmedCod,
        sql`${orders.createdAt} < ${now.toISOString()}::timestamptz - make_interval(hours => ${stores.codConfirmHours})`,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(opts.limit ?? 500);
  return cancelEachDue(
    db,
    due,
    async (tx, id) => {
      const [row] = await tx
        .update(orders)
        .set({
          status: orderStatus.cancelled,
          cancelReason: 'cod_unconfirmed',
          codStatus: null,
          updatedAt: now,
        })
        .where(and(eq(orders.id, id), unconfirmedCod))
        .returning({ id: orders.id });
      if (!row) return null;
      await closeCodAttempt(tx, id, 'expired', now);
      await queueOrderEmail(tx, id, 'cancelled');
      return returnOrderStock(tx, id);
    },
    opts.onAvailabilityChange,
  );
}
