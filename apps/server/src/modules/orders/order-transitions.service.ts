import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { normalizeOrderId } from './order-id';
import { orderStatusLabel } from '@store/contracts/order-rules';
import { allowedFromStatuses, nextOrderStatus, type OrderAction } from './order-status';

export type OperatorAction = Exclude<OrderAction, 'pay'>;

export class OrderTransitionError extends Error {}

export interface TransitionedOrder {
  id: string;
  from: number;
  to: number;
  trackingNumber: string | null;
}

/**
 * The operator's ship / deliver / cancel. The UPDATE is conditional on the statuses the action may
 * start from, so two operators (or an operator and a payment notification) cannot both win.
 * Paying is not here: only a verified notification does that (payments.service applyNotification).
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

  const updated = await db
    .update(orders)
    .set({
      status: next.to,
      updatedAt: new Date(),
      ...(action === 'ship' ? { trackingNumber: tracking } : {}),
    })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...allowedFromStatuses(action)])))
    .returning({ status: orders.status, trackingNumber: orders.trackingNumber });
  const row = updated[0];
  if (!row)
    throw new OrderTransitionError(
      `Order ${orderId} changed meanwhile; it is no longer ${orderStatusLabel(current.status)}`,
    );
  return { id: orderId, from: current.status, to: row.status, trackingNumber: row.trackingNumber };
}
