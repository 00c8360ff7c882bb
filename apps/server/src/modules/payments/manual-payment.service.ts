import { and, eq } from 'drizzle-orm';
import { orderStatus, orderStatusLabel } from '@store/contracts/order-rules';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { normalizeOrderId } from '../orders/order-id';
import { markOrderPaid } from '../orders/order-transitions.service';
import { recordActivity, type Actor } from '../activity/activity.service';
import { randomReference } from './signature';

/** The provider of payments confirmed outside the gateways (staff saw the money arrive). */
export const MANUAL_PROVIDER = 'manual';

/**
 * Records a UPI payment the shop confirmed itself (the payer's UTR seen in the bank app) and marks
 * the order paid: the payment row, the order's Pending -> Processing and the activity entry commit
 * together, or nothing does. The order row is locked first, so two recordings of one order run one
 * after the other and the second finds it paid; the same UTR on another order is refused by the
 * unique index on (provider, provider_reference). Either way there is never a second payment.
 */
export async function recordManualPayment(
  db: Db,
  actor: Actor,
  rawOrderId: string,
  input: { reference: string; note?: string | undefined },
): Promise<{ paymentId: string; orderId: string }> {
  const orderId = normalizeOrderId(rawOrderId);
  if (!orderId) throw new HttpError(404, `Order ${rawOrderId} not found`);
  const reference = input.reference.trim();
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, totalPaise: orders.totalPaise })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.storeId, actor.storeId)))
      .for('update');
    if (!order) throw new HttpError(404, `Order ${orderId} not found`);
    if (order.status !== orderStatus.pending) {
      throw new HttpError(
        409,
        `Only a Pending order can take a payment; this one is ${orderStatusLabel(order.status)}`,
      );
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        id: randomReference('PAY'),
        storeId: actor.storeId,
        orderId,
        provider: MANUAL_PROVIDER,
        method: 'upi',
        providerReference: reference,
        status: 'succeeded',
        amountPaise: order.totalPaise,
      })
      .onConflictDoNothing({ target: [payments.provider, payments.providerReference] })
      .returning({ id: payments.id });
    if (!payment) {
      throw new HttpError(409, `UPI reference ${reference} is already recorded`, {
        reference: 'This UPI reference (UTR) is already recorded',
      });
    }
    // the order row is locked and Pending, so this cannot lose; checked all the same
    if (!(await markOrderPaid(tx, orderId)))
      throw new HttpError(409, `Order ${orderId} changed meanwhile`);
    await recordActivity(tx, actor, {
      action: 'payment.record',
      entityType: 'payment',
      entityId: payment.id,
      summary: `Payment recorded: UPI ${reference}, ₹${(order.totalPaise / 100).toFixed(2)}`,
      before: { orderStatus: order.status, payment: 'unpaid' },
      after: {
        orderId,
        orderStatus: orderStatus.processing,
        provider: MANUAL_PROVIDER,
        method: 'upi',
        reference,
        amountPaise: order.totalPaise,
        note: input.note ?? null,
      },
    });
    return { paymentId: payment.id, orderId };
  });
}
