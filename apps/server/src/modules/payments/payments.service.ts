import { and, desc, eq } from 'drizzle-orm';
import type { PaymentResponse, PaymentSubmitBody } from '@store/contracts/payments';
import {
  UPI_MAX_PAISE,
  UPI_QR_LIFETIME_MS,
  upiMessages,
  validatePaymentFields,
  visiblePaymentValues,
} from '@store/contracts/payment-rules';
import { orderStatus } from '@store/contracts/order-rules';
import { normalizeGstin } from '@store/contracts/gst';
import type { Db, DbOrTx } from '../../db/client';
import { orders, paymentEvents, payments } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { markOrderPaid, settleCodOrderOnline } from '../orders/order-transitions.service';
import {
  COD_METHOD,
  providerOfMethod,
  type PaymentConfig,
  type PaymentMethod,
} from './payment-config';
import { paymentFieldDefinitions } from './payment-fields';
import { codMessages, startCashOnDelivery } from './cod.service';
import { paymentProviders as providers } from './providers';
import type { VerifiedNotification, WebhookRequest } from './providers/provider';
import { findProvider } from './providers';
import { randomReference } from './signature';

/** An open attempt is reused for this long; after that a new submit starts a new attempt. */
export const OPEN_ATTEMPT_TTL_MS = 30 * 60 * 1000;

export interface StartPaymentInput {
  storeId: string;
  storeName: string;
  userId: string;
  body: PaymentSubmitBody;
  config: PaymentConfig;
  baseUrl: string;
  now?: Date;
}

const isUpi = (method: PaymentMethod) => method === 'upi_qr' || method === 'upi_app';

/** The validated, visible form values and the chosen method; 400 before anything is read. */
function readSubmit(input: StartPaymentInput) {
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
    throw new HttpError(400, 'Please correct the errors in the form', errors, 'invalid_input');
  const fields = visiblePaymentValues(definitions, body.fields);
  return { fields, method: fields.method as PaymentMethod };
}

const textOf = (value: string | boolean | undefined) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * What the tax invoice and the e-mails need from the form, kept on the order: the receipt e-mail
 * and a business buyer's name, GSTIN (normalised; already checked by the shared rules) and
 * billing address with its PIN. A field left blank clears what an earlier submit gave.
 */
function buyerDetailsOf(fields: Record<string, string | boolean>) {
  const gstin = textOf(fields.gstin);
  const address = textOf(fields.billingAddress);
  const pin = textOf(fields.billingPincode);
  const withPin =
    address && pin && !address.includes(pin) ? `${address}\n${pin}` : (address ?? pin);
  return {
    receiptEmail: textOf(fields.email),
    buyerName: textOf(fields.companyName),
    buyerGstin: gstin ? normalizeGstin(gstin) : null,
    buyerAddress: withPin,
  };
}

/**
 * POST /payments on the caller's transaction (the idempotency record is written in the same one):
 * validate with the shared rules, lock the caller's Pending order, reuse the open attempt for the
 * same method or record a new one with the amount from the database, then let the provider answer
 * with its action. Nothing here marks an order paid.
 */
export async function startPayment(tx: DbOrTx, input: StartPaymentInput): Promise<PaymentResponse> {
  const { config } = input;
  const { fields, method } = readSubmit(input);
  const now = input.now ?? new Date();

  const [order] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      totalPaise: orders.totalPaise,
      shippingPostalCode: orders.shippingPostalCode,
      shippingState: orders.shippingState,
      shippingPhone: orders.shippingPhone,
      codFeePaise: orders.codFeePaise,
      codStatus: orders.codStatus,
    })
    .from(orders)
    .where(and(eq(orders.id, input.body.orderId), eq(orders.storeId, input.storeId)))
    .for('update');
  // Another shopper's order answers exactly like a missing one: ids are not confirmed to strangers.
  if (!order || order.userId !== input.userId) throw new HttpError(404, 'Order not found');
  if (order.status === orderStatus.cancelled)
    throw new HttpError(409, 'This order was cancelled and cannot be paid');
  // Pay now by UPI (docs/decisions/cod-checks.md): a cash-on-delivery order not yet shipped may
  // still be paid online; the verified payment settles it (settleCodOrderOnline) and nothing is
  // left to collect at the door
  const payingCodOnline =
    order.status === orderStatus.processing &&
    order.codStatus === 'to_collect' &&
    method !== COD_METHOD;
  if (order.status !== orderStatus.pending && order.codStatus === 'to_collect' && !payingCodOnline)
    throw new HttpError(409, codMessages.alreadyAccepted);
  if (order.status !== orderStatus.pending && !payingCodOnline)
    throw new HttpError(409, 'This order has already been paid');
  // ordinary merchant UPI is capped per transaction; the other methods stay open
  if (isUpi(method) && order.totalPaise > UPI_MAX_PAISE)
    throw new HttpError(400, upiMessages.overLimit, { method: upiMessages.overLimit });
  const open = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt));
  // PayU said "pending": the bank is still deciding, so a second payment (or cash on delivery)
  // would likely charge twice.
  if (open.some((p) => p.providerStatus === 'pending')) throw new HttpError(409, pendingMessage);
  // the last submit before the payment wins: the invoice and the receipt use what it gave
  await tx.update(orders).set(buyerDetailsOf(fields)).where(eq(orders.id, order.id));
  // cash on delivery has no provider: the order goes ahead unpaid, marked to collect (an online
  // attempt still open and paid later settles it instead: applyNotification)
  if (method === COD_METHOD) return startCashOnDelivery(tx, input.storeId, order, now);

  const payerVpa = isUpi(method) && typeof fields.upiId === 'string' ? fields.upiId.trim() : null;
  const reusable = open.find(
    (p) =>
      p.method === method &&
      p.amountPaise === order.totalPaise &&
      p.createdAt > new Date(now.getTime() - OPEN_ATTEMPT_TTL_MS) &&
      // an expired QR is never handed back: the shopper gets a new one
      (p.expiresAt === null || p.expiresAt > now),
  );
  let attempt = reusable;
  if (attempt && payerVpa && attempt.payerVpa !== payerVpa) {
    await tx.update(payments).set({ payerVpa, updatedAt: now }).where(eq(payments.id, attempt.id));
  }
  attempt ??= (
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
        payerVpa,
        expiresAt: isUpi(method) ? new Date(now.getTime() + UPI_QR_LIFETIME_MS) : null,
        createdAt: now,
      })
      .returning()
  )[0]!;

  const provider = providers[providerOfMethod[method]];
  const started = await provider.start({
    attempt: {
      id: attempt.id,
      orderId: order.id,
      method,
      amountPaise: attempt.amountPaise,
      expiresAt: attempt.expiresAt,
    },
    storeName: input.storeName,
    fields,
    config,
    baseUrl: input.baseUrl,
  });
  return {
    success: true,
    ...started,
    action: {
      ...started.action,
      paymentId: attempt.id,
      ...(attempt.expiresAt ? { expiresAt: attempt.expiresAt.toISOString() } : {}),
    },
  };
}

export const pendingMessage =
  'Your payment is being confirmed by the bank. Please wait a few minutes before paying again.';

export interface NotificationOutcome {
  orderId: string;
  paymentId: string;
  outcome: VerifiedNotification['outcome'];
  /** the money arrived for an order that could not take it: the shop owes it back */
  needsRefund?: boolean;
  /** the same event was applied before; nothing changed now */
  replayed?: boolean;
}

type Applied = NotificationOutcome | { refusal: HttpError };

/**
 * Applies a notification whose signature was already verified, exactly once per provider event id.
 * The event is always stored (money never arrives without a record); what it changes:
 * - failure: a still-open attempt becomes failed (a late failure never un-pays);
 * - PayU pending: the attempt stays open with provider_status 'pending' (the order shows
 *   "confirming") until a final status arrives by return, webhook or verify_payment;
 * - success for a Pending order with the exact amount: the order is paid;
 * - success with the exact amount for a cash-on-delivery order still to collect (an online attempt
 *   left open when the shopper chose cash): it settles the order, nothing is collected at the door;
 * - success the order can no longer take (paid by another attempt, cancelled or expired), a second
 *   provider reference for an attempt already paid, or an amount that differs from the order: the
 *   money is recorded as succeeded with needs_refund (a mismatch as its own payments row with the
 *   amount actually paid), the order is left as it is; a mismatch still answers 400.
 * A replay of the same event answers the earlier outcome and changes nothing. An unknown payment
 * is stored without a payment and answers 404.
 */
export async function applyNotification(
  db: Db,
  n: VerifiedNotification,
): Promise<NotificationOutcome> {
  const applied = await db.transaction((tx) => applyNotificationIn(tx, n));
  if ('refusal' in applied) throw applied.refusal;
  return applied;
}

async function applyNotificationIn(tx: DbOrTx, n: VerifiedNotification): Promise<Applied> {
  const [row] = await tx
    .select({ payment: payments, orderTotal: orders.totalPaise })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, n.paymentId))
    .for('update');
  const known =
    row && (providers[n.provider].settles as readonly string[]).includes(row.payment.provider)
      ? row
      : null;
  const inserted = await tx
    .insert(paymentEvents)
    .values({
      provider: n.provider,
      eventId: n.eventId,
      paymentId: known?.payment.id ?? null,
      payload: n.payload,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!known) return { refusal: new HttpError(404, 'Unknown payment') };
  const { payment } = known;
  const result = { orderId: payment.orderId, paymentId: payment.id, outcome: n.outcome };
  const mismatch =
    n.outcome === 'succeeded' &&
    (n.amountPaise !== payment.amountPaise || n.amountPaise !== known.orderTotal);
  const mismatchRefusal = { refusal: new HttpError(400, 'Amount does not match the order') };
  if (inserted.length === 0) return mismatch ? mismatchRefusal : { ...result, replayed: true };
  const now = new Date();

  if (n.outcome === 'failed') {
    await tx
      .update(payments)
      .set({ status: 'failed', providerStatus: null, updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
    return result;
  }
  if (n.outcome === 'pending') {
    await tx
      .update(payments)
      .set({ providerStatus: 'pending', updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
    return result;
  }

  const reference = n.providerReference ?? null;
  const alreadyPaid = payment.status === 'succeeded';
  if (mismatch || (alreadyPaid && reference !== null && reference !== payment.providerReference)) {
    // money this attempt's row does not describe: its own row, with the amount actually paid
    const [extra] = await tx
      .insert(payments)
      .values({
        id: randomReference('PAY'),
        storeId: payment.storeId,
        orderId: payment.orderId,
        provider: payment.provider,
        method: payment.method,
        amountPaise: n.amountPaise,
        status: 'succeeded',
        providerReference: reference,
        providerStatus: mismatch ? 'amount_mismatch' : 'duplicate',
        payerVpa: payment.payerVpa,
        needsRefund: true,
      })
      .returning({ id: payments.id });
    await tx
      .update(paymentEvents)
      .set({ paymentId: extra!.id })
      .where(eq(paymentEvents.id, inserted[0]!.id));
    return mismatch ? mismatchRefusal : { ...result, paymentId: extra!.id, needsRefund: true };
  }
  // the same money reported again under another event id (e.g. webhook after return)
  if (alreadyPaid) return { ...result, needsRefund: payment.needsRefund };

  // a Pending order becomes paid; a cash-on-delivery order still to collect is settled by it
  const paid =
    (await markOrderPaid(tx, payment.orderId)) || (await settleCodOrderOnline(tx, payment.orderId));
  await tx
    .update(payments)
    .set({
      status: 'succeeded',
      providerStatus: null,
      needsRefund: !paid,
      updatedAt: now,
      ...(reference ? { providerReference: reference } : {}),
    })
    .where(eq(payments.id, payment.id));
  return paid ? result : { ...result, needsRefund: true };
}

/**
 * A provider's webhook (and the demo sandbox's Approve, which goes the same way): the provider
 * checks its signature over the raw body, then the notification is applied. 404 when that
 * provider is not configured here (a store taking real money has no sandbox), 401 when the body
 * is unsigned or forged: nothing of it is read then.
 */
export async function receiveWebhook(
  db: Db,
  config: PaymentConfig,
  providerId: string,
  request: WebhookRequest,
): Promise<NotificationOutcome | { ignored: true }> {
  const provider = findProvider(providerId);
  if (!provider?.verifyWebhook || !provider.isConfigured(config))
    throw new HttpError(404, 'Unknown payment provider');
  const notification = await provider.verifyWebhook(config, request);
  if (!notification) throw new HttpError(401, 'Invalid notification signature');
  if (notification === 'ignored') return { ignored: true };
  return applyNotification(db, notification);
}
