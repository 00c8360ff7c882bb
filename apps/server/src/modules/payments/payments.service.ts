import { and, desc, eq, gt } from 'drizzle-orm';
import type { PaymentResponse, PaymentSubmitBody } from '@store/contracts/payments';
import { validatePaymentFields, visiblePaymentValues } from '@store/contracts/payment-rules';
import { orderStatus } from '@store/contracts/order-rules';
import type { Db } from '../../db/client';
import { orders, paymentEvents, payments } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { markOrderPaid } from '../orders/order-transitions.service';
import {
  providerOfMethod,
  type PaymentConfig,
  type PaymentMethod,
  type ProviderId,
} from './payment-config';
import { paymentFieldDefinitions } from './payment-fields';
import { payuProvider } from './providers/payu-provider';
import type { PaymentProvider, VerifiedNotification } from './providers/provider';
import { sandboxProvider } from './providers/sandbox';
import { upiProvider } from './providers/upi-provider';
import { randomReference } from './signature';

const providers: Record<ProviderId, PaymentProvider> = {
  upi: upiProvider,
  sandbox: sandboxProvider,
  payu: payuProvider,
};

/** An open attempt is reused for this long; after that a new submit starts a new attempt. */
export const OPEN_ATTEMPT_TTL_MS = 30 * 60 * 1000;

export interface StartPaymentInput {
  storeId: string;
  storeName: string;
  userId: string;
  body: PaymentSubmitBody;
  config: PaymentConfig;
  baseUrl: string;
}

/**
 * POST /payments: validate with the shared rules, lock the caller's Pending order, reuse the open
 * attempt for the same method or record a new one with the amount from the database, then let the
 * provider answer with its action. Nothing here marks an order paid.
 */
export async function startPayment(db: Db, input: StartPaymentInput): Promise<PaymentResponse> {
  const { body, config } = input;
  const definitions = paymentFieldDefinitions(config.methods);
  const known = new Set(definitions.map((d) => d.name));
  const unknown = Object.keys(body.fields).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new HttpError(
      400,
      `Unknown payment field: ${unknown[0]}`,
      Object.fromEntries(unknown.map((name) => [`fields.${name}`, 'Unknown field'])),
    );
  }
  const errors = validatePaymentFields(definitions, body.fields);
  if (Object.keys(errors).length > 0)
    throw new HttpError(400, 'Please correct the errors in the form', errors);
  const fields = visiblePaymentValues(definitions, body.fields);
  const method = fields.method as PaymentMethod;

  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        userId: orders.userId,
        status: orders.status,
        totalPaise: orders.totalPaise,
      })
      .from(orders)
      .where(and(eq(orders.id, body.orderId), eq(orders.storeId, input.storeId)))
      .for('update');
    // Another shopper's order answers exactly like a missing one: ids are not confirmed to strangers.
    if (!order || order.userId !== input.userId) throw new HttpError(404, 'Order not found');
    if (order.status === orderStatus.cancelled)
      throw new HttpError(409, 'This order was cancelled and cannot be paid');
    if (order.status !== orderStatus.pending)
      throw new HttpError(409, 'This order has already been paid');

    const [open] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          eq(payments.status, 'pending'),
          eq(payments.method, method),
          eq(payments.amountPaise, order.totalPaise),
          gt(payments.createdAt, new Date(Date.now() - OPEN_ATTEMPT_TTL_MS)),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    const attempt =
      open ??
      (
        await tx
          .insert(payments)
          .values({
            id: randomReference('PAY'),
            storeId: input.storeId,
            orderId: order.id,
            provider: providerOfMethod[method],
            method,
            amountPaise: order.totalPaise,
            status: 'pending',
          })
          .returning()
      )[0]!;

    const provider = providers[providerOfMethod[method]];
    const started = provider.start({
      attempt: { id: attempt.id, orderId: order.id, method, amountPaise: attempt.amountPaise },
      storeName: input.storeName,
      fields,
      config,
      baseUrl: input.baseUrl,
    });
    return { success: true, ...started };
  });
}

/** Which stored attempts a provider's notification may settle (the sandbox also plays the UPI PSP). */
const settles: Record<ProviderId, readonly string[]> = {
  sandbox: ['sandbox', 'upi'],
  upi: ['upi'],
  payu: ['payu'],
};

export interface NotificationOutcome {
  orderId: string;
  paymentId: string;
  outcome: 'succeeded' | 'failed';
}

/**
 * Applies a notification whose signature was already verified. In one transaction: the attempt
 * must exist for this provider, a success must carry exactly the attempt's and the order's amount,
 * the event id must be new (payment_events is unique on provider+event), and the order must still be
 * Pending. Any refusal throws and rolls everything back, so nothing changes.
 */
export async function applyNotification(
  db: Db,
  n: VerifiedNotification,
): Promise<NotificationOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ payment: payments, orderTotal: orders.totalPaise })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.id, n.paymentId))
      .for('update');
    if (!row || !settles[n.provider].includes(row.payment.provider))
      throw new HttpError(404, 'Unknown payment');
    const { payment } = row;
    if (
      n.outcome === 'succeeded' &&
      (n.amountPaise !== payment.amountPaise || n.amountPaise !== row.orderTotal)
    ) {
      throw new HttpError(400, 'Amount does not match the order');
    }

    const inserted = await tx
      .insert(paymentEvents)
      .values({
        provider: n.provider,
        eventId: n.eventId,
        paymentId: payment.id,
        payload: n.payload,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (inserted.length === 0) throw new HttpError(409, 'Notification already processed');

    const result = { orderId: payment.orderId, paymentId: payment.id, outcome: n.outcome };
    if (n.outcome === 'failed') {
      await tx
        .update(payments)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
      return result;
    }

    if (!(await markOrderPaid(tx, payment.orderId)))
      throw new HttpError(409, 'Order is not pending');
    await tx
      .update(payments)
      .set({
        status: 'succeeded',
        updatedAt: new Date(),
        ...(n.providerReference ? { providerReference: n.providerReference } : {}),
      })
      .where(eq(payments.id, payment.id));
    return result;
  });
}
