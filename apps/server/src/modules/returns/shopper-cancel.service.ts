import { and, eq, gt, sql } from 'drizzle-orm';
import { orderStatus } from '@store/contracts/order-rules';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { shopperActor } from '../activity/activity.service';
import { normalizeOrderId } from '../orders/order-id';
import { OrderTransitionError, transitionOrder } from '../orders/order-transitions.service';
import { paymentBeingConfirmed } from '../orders/orders.service';
import type { PaymentConfig } from '../payments/payment-config';
import type { FetchLike } from '../payments/providers/payu-api';
import { recordRefund, refundableSum } from '../payments/refunds.service';
import { findProvider } from '../payments/providers';

/** The shopper's words for each refusal of Cancel order (409 order_not_cancellable). */
export const cancelMessages = {
  notFound: 'Order not found or access denied',
  shipped: 'This order has been shipped and can no longer be cancelled',
  delivered: 'This order has been delivered and can no longer be cancelled',
  cancelled: 'This order is already cancelled',
  confirming: 'Your payment is being confirmed; try again in a few minutes',
} as const;

const refused = (message: string) =>
  new HttpError(409, message, undefined, 'order_not_cancellable');

export { shopperActor };

/** The signed-in shopper's own order in this store (another's reads as not found). */
export const ownOrder = (shopper: { storeId: string; userId: string }, orderId: string) =>
  and(
    eq(orders.id, orderId),
    eq(orders.storeId, shopper.storeId),
    eq(orders.userId, shopper.userId),
  );

/** One refund per payment per order's cancel: a second request finds the first (recordRefund). */
export const cancelRefundReference = (orderId: string) => `cancel-${orderId}`;

export interface ShopperCancelResult {
  orderId: string;
  /** refunds asked of the gateway now */
  refundsRequested: number;
  /** paid payments left flagged for the shop to refund by hand (no gateway refund API) */
  refundsFlagged: number;
  /** stock came back that a storefront shows */
  availabilityChanged: boolean;
}

/**
 * Cancel order on My Orders: the signed-in shopper's own order while Pending or Processing (not
 * shipped). It is the back office's cancel (order-transitions.service: stock back, the paid
 * payment flagged needs_refund, the 'cancelled' e-mail, logged as 'shopper'), whose conditional
 * UPDATE takes the order's row lock: of two concurrent cancels the second waits, then finds the
 * order Cancelled and is refused, so stock returns and the refund is asked once. Then each PayU
 * payment, when PayU is configured, is refunded through PayU under a reference derived from the
 * order, so a retry finds that refund instead of making another. Another shopper's order is 404.
 */
export async function cancelOwnOrder(
  db: Db,
  config: PaymentConfig,
  input: { storeId: string; userId: string; orderId: string; fetch?: FetchLike },
): Promise<ShopperCancelResult> {
  const id = normalizeOrderId(input.orderId);
  const [order] = id
    ? await db
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(ownOrder(input, id))
    : [];
  if (!order) throw new HttpError(404, cancelMessages.notFound);
  if (order.status === orderStatus.shipped) throw refused(cancelMessages.shipped);
  if (order.status === orderStatus.delivered) throw refused(cancelMessages.delivered);
  if (order.status === orderStatus.cancelled) throw refused(cancelMessages.cancelled);
  // money on its way: cancelling now would race the gateway's answer
  const [confirming] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), paymentBeingConfirmed));
  if (confirming) throw refused(cancelMessages.confirming);

  let availabilityChanged = false;
  try {
    await transitionOrder(db, order.id, 'cancel', {
      storeId: input.storeId,
      actor: shopperActor(input.storeId),
      reason: 'by the shopper',
      cancelReason: 'shopper',
      onAvailabilityChange: () => {
        availabilityChanged = true;
      },
    });
  } catch (err) {
    // another request (a double click, the shop) cancelled or shipped it meanwhile
    if (err instanceof OrderTransitionError) throw refused(cancelMessages.cancelled);
    throw err;
  }

  const owed = await db
    .select({ id: payments.id, provider: payments.provider, refundable: refundableSum })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.needsRefund, true),
        gt(sql`${payments.amountPaise} - ${payments.refundedPaise}`, 0),
      ),
    );
  let refundsRequested = 0;
  for (const payment of owed) {
    // through the provider's refund API where it has one here; else the shop refunds it by hand
    const provider = findProvider(payment.provider);
    if (!provider?.refunds || !provider.isConfigured(config) || payment.refundable <= 0) continue;
    // a failure leaves the payment flagged: the shop sees it under "Payments needing a refund"
    const refund = await recordRefund(db, config, {
      paymentId: payment.id,
      orderId: order.id,
      amountPaise: payment.refundable,
      reference: cancelRefundReference(order.id),
      note: 'Cancelled by the shopper',
      ...(input.fetch ? { fetch: input.fetch } : {}),
    }).catch(() => null);
    if (refund && refund.status !== 'failed') refundsRequested++;
  }
  return {
    orderId: order.id,
    refundsRequested,
    refundsFlagged: owed.length - refundsRequested,
    availabilityChanged,
  };
}
