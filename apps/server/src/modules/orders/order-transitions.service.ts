import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { normalizeOrderId } from './order-id';
import { orderStatusLabel } from '@store/contracts/order-rules';
import { nextOrderStatus, orderTransition, type OrderAction } from './order-status';

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
  trackingNumber?: string,
) {
  const { from, to } = orderTransition(action);
  const [row] = await db
    .update(orders)
    .set({
      status: to,
      updatedAt: new Date(),
      ...(trackingNumber === undefined ? {} : { trackingNumber }),
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

/**
 * The operator's ship / deliver / cancel, with a message for each refusal. Paying is not here:
 * only a verified notification does that (markOrderPaid).
 */
export async function transitionOrder(
  db: Db,
  rawOrderId: string,
  action: OperatorAction,
  options: { trackingNumber?: string } = {},
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

  const row = await applyTransition(db, orderId, action, action === 'ship' ? tracking : undefined);
  if (!row)
    throw new OrderTransitionError(
      `Order ${orderId} changed meanwhile; it is no longer ${orderStatusLabel(current.status)}`,
    );
  return { id: orderId, from: current.status, to: row.status, trackingNumber: row.trackingNumber };
}
