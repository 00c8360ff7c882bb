import type { PaymentConfig } from '../payment-config';
import type { FetchLike, ProviderRefundStatus, VerifiedNotification } from './provider';

export type RazorpayConfig = NonNullable<PaymentConfig['razorpay']>;

/** What the store reads of Razorpay's order entity (Orders API). */
export interface RazorpayOrder {
  id: string;
  /** paise */
  amount: number;
  currency: string;
  /** ours: the payment attempt's id, set when the order is created */
  receipt: string | null;
  /** created, attempted or paid */
  status: string;
  /** ours: order_id, the store's order */
  notes?: Record<string, string>;
}

/** What the store reads of Razorpay's payment entity. */
export interface RazorpayPayment {
  id: string;
  order_id: string | null;
  /** paise */
  amount: number;
  currency: string;
  /** created, authorized, captured, refunded or failed */
  status: string;
  error_description?: string | null;
}

/** What the store reads of Razorpay's refund entity. */
export interface RazorpayRefund {
  id: string;
  payment_id: string;
  amount: number;
  /** ours: the store's refund id */
  receipt?: string | null;
  /** pending, processed or failed */
  status: string;
}

type Answer<T> = { ok: true; body: T } | { ok: false; status: number; message: string };

/**
 * One call of Razorpay's REST API (v1): HTTP Basic with the key id and secret, JSON both ways.
 * A refusal carries Razorpay's `error.description`; status 0 when Razorpay did not answer.
 */
async function razorpayCall<T>(
  rp: RazorpayConfig,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  fetchImpl: FetchLike = fetch,
): Promise<Answer<T>> {
  try {
    const res = await fetchImpl(`${rp.apiUrl}/v1${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${rp.keyId}:${rp.keySecret}`).toString('base64')}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.ok && json && typeof json === 'object') return { ok: true, body: json as T };
    const error = json?.error as { description?: unknown } | undefined;
    const message =
      typeof error?.description === 'string'
        ? error.description
        : `Razorpay answered ${res.status}`;
    return { ok: false, status: res.status, message };
  } catch {
    return { ok: false, status: 0, message: 'Razorpay did not answer' };
  }
}

const items = <T>(answer: Answer<{ items?: T[] }>): T[] | null =>
  answer.ok ? (Array.isArray(answer.body.items) ? answer.body.items : []) : null;

/** POST /v1/orders: an order for the attempt's amount, our attempt id as its receipt. */
export async function razorpayCreateOrder(
  rp: RazorpayConfig,
  order: { amountPaise: number; receipt: string; notes: Record<string, string> },
  fetchImpl?: FetchLike,
): Promise<RazorpayOrder | null> {
  const answer = await razorpayCall<RazorpayOrder>(
    rp,
    'POST',
    '/orders',
    { amount: order.amountPaise, currency: 'INR', receipt: order.receipt, notes: order.notes },
    fetchImpl,
  );
  return answer.ok ? answer.body : null;
}

/** GET /v1/orders?receipt=: the orders made for one of our attempts (null: no answer). */
export const razorpayOrdersOf = async (rp: RazorpayConfig, receipt: string, f?: FetchLike) =>
  items(
    await razorpayCall<{ items?: RazorpayOrder[] }>(
      rp,
      'GET',
      `/orders?receipt=${encodeURIComponent(receipt)}`,
      undefined,
      f,
    ),
  );

export async function razorpayOrder(
  rp: RazorpayConfig,
  id: string,
  f?: FetchLike,
): Promise<RazorpayOrder | null> {
  const answer = await razorpayCall<RazorpayOrder>(
    rp,
    'GET',
    `/orders/${encodeURIComponent(id)}`,
    undefined,
    f,
  );
  return answer.ok ? answer.body : null;
}

/** GET /v1/orders/:id/payments: every payment tried against one order. */
export const razorpayPaymentsOfOrder = async (rp: RazorpayConfig, id: string, f?: FetchLike) =>
  items(
    await razorpayCall<{ items?: RazorpayPayment[] }>(
      rp,
      'GET',
      `/orders/${encodeURIComponent(id)}/payments`,
      undefined,
      f,
    ),
  );

export async function razorpayPayment(
  rp: RazorpayConfig,
  id: string,
  f?: FetchLike,
): Promise<RazorpayPayment | null> {
  const answer = await razorpayCall<RazorpayPayment>(
    rp,
    'GET',
    `/payments/${encodeURIComponent(id)}`,
    undefined,
    f,
  );
  return answer.ok ? answer.body : null;
}

/**
 * Our refund, asked once: before asking, the payment's refunds are read for one with our refund id
 * as its receipt (a request whose answer was lost), so a resend never refunds twice.
 */
export async function razorpayRefund(
  rp: RazorpayConfig,
  refund: { paymentId: string; refundId: string; amountPaise: number },
  f?: FetchLike,
): Promise<{ ok: true; requestId: string } | { ok: false; message: string; answered: boolean }> {
  const path = `/payments/${encodeURIComponent(refund.paymentId)}/refund`;
  const earlier = items(
    await razorpayCall<{ items?: RazorpayRefund[] }>(
      rp,
      'GET',
      `/payments/${encodeURIComponent(refund.paymentId)}/refunds`,
      undefined,
      f,
    ),
  );
  if (earlier === null) return { ok: false, message: 'Razorpay did not answer', answered: false };
  const asked = earlier.find((r) => r.receipt === refund.refundId);
  if (asked) return { ok: true, requestId: asked.id };
  const answer = await razorpayCall<RazorpayRefund>(
    rp,
    'POST',
    path,
    { amount: refund.amountPaise, speed: 'normal', receipt: refund.refundId },
    f,
  );
  if (answer.ok) return { ok: true, requestId: answer.body.id };
  return { ok: false, message: answer.message, answered: answer.status !== 0 };
}

/** GET /v1/refunds/:id: processed, failed, or still pending. */
export async function razorpayRefundStatus(
  rp: RazorpayConfig,
  id: string,
  f?: FetchLike,
): Promise<ProviderRefundStatus | null> {
  const answer = await razorpayCall<RazorpayRefund>(
    rp,
    'GET',
    `/refunds/${encodeURIComponent(id)}`,
    undefined,
    f,
  );
  if (!answer.ok) return null;
  if (answer.body.status === 'processed') return 'succeeded';
  if (answer.body.status === 'failed') return 'failed';
  return 'requested';
}

/**
 * A Razorpay payment of one of our attempts as a notification: captured is money taken, failed is
 * not, anything else (created, authorized and not yet captured) is still being decided. The event
 * id is the payment and its status, the same whether the browser's return, the webhook or the
 * reconciliation brings it: whichever comes first applies, the others are replays.
 */
export function razorpayNotification(
  payment: RazorpayPayment,
  attemptId: string,
  source: string,
): VerifiedNotification | null {
  if (payment.currency !== 'INR' || !Number.isSafeInteger(payment.amount)) return null;
  const outcome =
    payment.status === 'captured' || payment.status === 'refunded'
      ? 'succeeded'
      : payment.status === 'failed'
        ? 'failed'
        : 'pending';
  return {
    provider: 'razorpay',
    eventId: `${payment.id}:${outcome}`,
    paymentId: attemptId,
    amountPaise: payment.amount,
    outcome,
    providerReference: payment.id,
    ...(payment.error_description ? { reason: payment.error_description } : {}),
    payload: { source, payment },
  };
}
