import { and, desc, eq } from 'drizzle-orm';
import { formatPaise } from '@store/contracts/money';
import { orderStatus, orderStatusLabel } from '@store/contracts/order-rules';
import type { PaymentResponse } from '@store/contracts/payments';
import type { Db, DbOrTx } from '../../db/client';
import { orders, payments } from '../../db/schema';
import { codFeeForPlacedOrder } from '../pricing/pricing.service';
import { HttpError } from '../../lib/errors';
import { askForCodCode } from '../orders/cod-code.service';
import { normalizeOrderId } from '../orders/order-id';
import {
  acceptCashOnDelivery,
  markCodCollected,
  OrderTransitionError,
  transitionOrder,
} from '../orders/order-transitions.service';
import { recordActivity, type Actor } from '../activity/activity.service';
import { queueOrderEmail } from '../mail/outbox.service';
import { COD_METHOD } from './payment-config';
import { codMessages, codRefusal } from './cod-rules';
import { randomReference } from './signature';

/** The provider name of cash-on-delivery attempts: the shop itself collects, through its courier. */
export const COD_PROVIDER = 'cod';

export { codAllowedForPin, codMessages } from './cod-rules';

/** A refusal shown on the payment form's method select (the web maps `fields` by field name). */
const refuse = (message: string) => new HttpError(400, message, { method: message }, 'cod_refused');

export interface CodOrder {
  id: string;
  totalPaise: number;
  shippingPostalCode: string;
  shippingState: string;
  /** the fee already charged (the checkout sent paymentMethod 'cod'); 0: none yet */
  codFeePaise: number;
  /**
   * the delivery phone, when the shopper chose cash on delivery themself: the order may then need
   * their code before it ships (cod-code.service); absent when staff took the order on the phone
   */
  shippingPhone?: string;
}

/**
 * The shopper chose cash on delivery for a Pending order locked by startPayment (same
 * transaction, so the Idempotency-Key's stored answer commits with it). The store's limits are
 * read here, not from the cached store table, so a setting just saved applies at once. The order
 * goes to Processing marked to collect, and a pending payments row for the total keeps the money
 * trail; the answer has neither redirectUrl nor action (the spec's "success with neither").
 */
export async function startCashOnDelivery(
  tx: DbOrTx,
  storeId: string,
  order: CodOrder,
  now: Date,
): Promise<PaymentResponse> {
  // the store's cash-on-delivery fee joins the total now, if the checkout did not charge it
  // (the limit then reads the cash the courier collects: goods, delivery and fee)
  const fee = order.codFeePaise > 0 ? null : await codFeeForPlacedOrder(tx, storeId, order);
  const totalPaise = order.totalPaise + (fee?.paise ?? 0);
  const refusal = await codRefusal(tx, storeId, { ...order, totalPaise });
  if (refusal) throw refuse(refusal);
  if (fee && fee.paise > 0)
    await tx
      .update(orders)
      .set({ codFeePaise: fee.paise, codFeeTax: fee.tax, totalPaise })
      .where(eq(orders.id, order.id));
  // the order row is locked and Pending, so this cannot lose; checked all the same
  if (!(await acceptCashOnDelivery(tx, order.id)))
    throw new HttpError(409, 'This order has already been paid');
  if (order.shippingPhone !== undefined)
    await askForCodCode(
      tx,
      storeId,
      { ...order, totalPaise, shippingPhone: order.shippingPhone },
      now,
    );
  await tx.insert(payments).values({
    id: randomReference('PAY'),
    storeId,
    orderId: order.id,
    provider: COD_PROVIDER,
    method: COD_METHOD,
    amountPaise: totalPaise,
    status: 'pending',
    createdAt: now,
  });
  return { success: true };
}

export interface CodCollection {
  orderId: string;
  paymentId: string;
  amountPaise: number;
  /** the order was Shipped and is now Delivered */
  delivered: boolean;
}

/**
 * The operator records the cash of a cash-on-delivery order, once it is Shipped or Delivered:
 * the COD payment succeeds for the order's total, cod_status becomes 'collected' and the
 * activity log says who recorded it, in one transaction on the locked order (a second recording
 * finds it collected: 409). A Shipped order is then marked Delivered through the ordinary
 * transition, so its activity entry, e-mail and hooks are the same as for any delivery.
 */
export async function recordCodCollection(
  db: Db,
  actor: Actor,
  rawOrderId: string,
  input: { reference?: string | undefined; note?: string | undefined },
): Promise<CodCollection> {
  const orderId = normalizeOrderId(rawOrderId);
  if (!orderId) throw new HttpError(404, `Order ${rawOrderId} not found`);
  const reference = input.reference?.trim() || null;
  const note = input.note?.trim() || null;
  const collected = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, totalPaise: orders.totalPaise, codStatus: orders.codStatus })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.storeId, actor.storeId)))
      .for('update');
    if (!order) throw new HttpError(404, `Order ${orderId} not found`);
    if (order.codStatus === 'collected') throw new HttpError(409, codMessages.alreadyCollected);
    if (order.codStatus !== 'to_collect') throw new HttpError(409, codMessages.notCod);
    if (order.status !== orderStatus.shipped && order.status !== orderStatus.delivered) {
      throw new HttpError(
        409,
        `Cash is recorded when the order is Shipped or Delivered; this one is ${orderStatusLabel(order.status)}`,
      );
    }
    const [open] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.provider, COD_PROVIDER),
          eq(payments.status, 'pending'),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    const now = new Date();
    let paymentId: string;
    if (open) {
      paymentId = open.id;
      await tx
        .update(payments)
        .set({ status: 'succeeded', amountPaise: order.totalPaise, updatedAt: now })
        .where(eq(payments.id, open.id));
    } else {
      // an attempt closed meanwhile (or never written): the cash still gets its own row
      paymentId = randomReference('PAY');
      await tx.insert(payments).values({
        id: paymentId,
        storeId: actor.storeId,
        orderId,
        provider: COD_PROVIDER,
        method: COD_METHOD,
        amountPaise: order.totalPaise,
        status: 'succeeded',
      });
    }
    if (!(await markCodCollected(tx, orderId)))
      throw new HttpError(409, codMessages.alreadyCollected);
    // the "payment received" e-mail a COD order held back until now (one per order, ever)
    await queueOrderEmail(tx, orderId, 'paid');
    await recordActivity(tx, actor, {
      action: 'order.cod_collected',
      entityType: 'order',
      entityId: orderId,
      summary: `Cash collected on delivery: ${formatPaise(order.totalPaise)}${reference ? ` (${reference})` : ''}`,
      before: { codStatus: 'to_collect', orderStatus: order.status },
      after: {
        codStatus: 'collected',
        paymentId,
        amountPaise: order.totalPaise,
        reference,
        note,
      },
    });
    return {
      paymentId,
      amountPaise: order.totalPaise,
      wasShipped: order.status === orderStatus.shipped,
    };
  });

  let delivered = false;
  if (collected.wasShipped) {
    try {
      await transitionOrder(db, orderId, 'deliver', { actor, storeId: actor.storeId });
      delivered = true;
    } catch (err) {
      // someone marked it delivered (or cancelled it) meanwhile: the cash is recorded either way
      if (!(err instanceof OrderTransitionError)) throw err;
    }
  }
  return { orderId, paymentId: collected.paymentId, amountPaise: collected.amountPaise, delivered };
}
