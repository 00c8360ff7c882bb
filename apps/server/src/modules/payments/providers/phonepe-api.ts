import type { PaymentConfig } from '../payment-config';
import type {
  FetchLike,
  ProviderRefundStatus,
  RefundRequestAnswer,
  VerifiedNotification,
} from './provider';

export type PhonePeConfig = NonNullable<PaymentConfig['phonepe']>;

/** One payment tried against a PhonePe order (its paymentDetails). */
export interface PhonePePaymentDetail {
  transactionId: string;
  paymentMode?: string;
  /** paise */
  amount: number;
  /** COMPLETED, FAILED or PENDING */
  state: string;
  errorCode?: string;
  detailedErrorCode?: string;
}

/** What the store reads of PhonePe's order status (GET /checkout/v2/order/{id}/status). */
export interface PhonePeOrderStatus {
  /** PhonePe's id (OMO…) */
  orderId: string;
  /** CREATED (nothing tried yet), PENDING, COMPLETED or FAILED */
  state: string;
  /** paise: the order's amount */
  amount: number;
  expireAt?: number;
  /** ours: udf1 the store's order, udf2 the payment attempt */
  metaInfo?: Record<string, string>;
  errorCode?: string;
  detailedErrorCode?: string;
  paymentDetails?: PhonePePaymentDetail[];
}

/** A PhonePe order of one of our attempts: its merchantOrderId (ours) and its status. */
export interface PhonePeOrder {
  merchantOrderId: string;
  status: PhonePeOrderStatus;
}

type Answer<T> =
  { ok: true; body: T } | { ok: false; status: number; message: string; code?: string };

/**
 * PhonePe's OAuth tokens, one per client, kept until shortly before their `expires_at` as its
 * integration checklist asks (a token per request is refused by its review). A token PhonePe
 * refuses earlier (401) is dropped and fetched again once.
 */
const tokens = new Map<string, { token: string; expiresAtMs: number }>();
const TOKEN_MARGIN_MS = 60_000;
const tokenKey = (pp: PhonePeConfig) => `${pp.authUrl}|${pp.clientId}|${pp.clientVersion}`;

async function fetchToken(pp: PhonePeConfig, fetchImpl: FetchLike): Promise<string | null> {
  const key = tokenKey(pp);
  const kept = tokens.get(key);
  if (kept && kept.expiresAtMs - TOKEN_MARGIN_MS > Date.now()) return kept.token;
  try {
    const res = await fetchImpl(`${pp.authUrl}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: pp.clientId,
        client_version: pp.clientVersion,
        client_secret: pp.clientSecret,
        grant_type: 'client_credentials',
      }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => null)) as {
      access_token?: unknown;
      expires_at?: unknown;
    } | null;
    if (!res.ok || typeof json?.access_token !== 'string') return null;
    // expires_at is epoch seconds; without it the token is used for this call only
    const expiresAtMs = typeof json.expires_at === 'number' ? json.expires_at * 1000 : 0;
    tokens.set(key, { token: json.access_token, expiresAtMs });
    return json.access_token;
  } catch {
    return null;
  }
}

/**
 * One call of PhonePe's PG API (v2): `Authorization: O-Bearer <token>`, JSON both ways. A refusal
 * carries PhonePe's `message` (and `code`); status 0 when PhonePe did not answer.
 */
async function phonepeCall<T>(
  pp: PhonePeConfig,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  fetchImpl: FetchLike = fetch,
): Promise<Answer<T>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const token = await fetchToken(pp, fetchImpl);
    if (!token) return { ok: false, status: 0, message: 'PhonePe did not answer' };
    try {
      const res = await fetchImpl(`${pp.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `O-Bearer ${token}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(15_000),
      });
      if (res.status === 401 && attempt === 0) {
        // expired or revoked before its expires_at: a new token, once
        tokens.delete(tokenKey(pp));
        continue;
      }
      const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      if (res.ok && json && typeof json === 'object') return { ok: true, body: json as T };
      const message =
        typeof json?.message === 'string' ? json.message : `PhonePe answered ${res.status}`;
      return {
        ok: false,
        status: res.status,
        message,
        ...(typeof json?.code === 'string' ? { code: json.code } : {}),
      };
    } catch {
      return { ok: false, status: 0, message: 'PhonePe did not answer' };
    }
  }
  return { ok: false, status: 401, message: 'PhonePe refused the token' };
}

/**
 * PhonePe answered that there is no such order (documented: `{ code: INVALID_MERCHANT_ORDER_ID,
 * message }`, its HTTP status is not) or refund (undocumented: a 4xx other than the token's 401;
 * PhonePe documents the merchantRefundId as unique, so a refund asked again under it is expected to be refused).
 */
const NO_SUCH_ORDER = 'INVALID_MERCHANT_ORDER_ID';
const isMissing = (answer: { ok: false; status: number; code?: string }) =>
  answer.code === NO_SUCH_ORDER ||
  (answer.status >= 400 && answer.status < 500 && answer.status !== 401);

/** POST /checkout/v2/pay: a PG_CHECKOUT order, answered with the URL of PhonePe's page. */
export async function phonepeCreatePayment(
  pp: PhonePeConfig,
  order: {
    merchantOrderId: string;
    amountPaise: number;
    redirectUrl: string;
    metaInfo: Record<string, string>;
  },
  fetchImpl?: FetchLike,
): Promise<{ orderId: string; state: string; redirectUrl: string } | null> {
  const answer = await phonepeCall<{ orderId?: unknown; state?: unknown; redirectUrl?: unknown }>(
    pp,
    'POST',
    '/checkout/v2/pay',
    {
      merchantOrderId: order.merchantOrderId,
      amount: order.amountPaise,
      metaInfo: order.metaInfo,
      paymentFlow: { type: 'PG_CHECKOUT', merchantUrls: { redirectUrl: order.redirectUrl } },
    },
    fetchImpl,
  );
  if (!answer.ok) return null;
  const { orderId, state, redirectUrl } = answer.body;
  if (typeof orderId !== 'string' || typeof redirectUrl !== 'string') return null;
  return { orderId, state: typeof state === 'string' ? state : 'PENDING', redirectUrl };
}

/**
 * GET /checkout/v2/order/{merchantOrderId}/status?details=true (every payment tried): the status,
 * 'missing' when PhonePe has no such order, null when it did not answer.
 */
export async function phonepeOrderStatus(
  pp: PhonePeConfig,
  merchantOrderId: string,
  fetchImpl?: FetchLike,
): Promise<PhonePeOrderStatus | 'missing' | null> {
  const answer = await phonepeCall<PhonePeOrderStatus>(
    pp,
    'GET',
    `/checkout/v2/order/${encodeURIComponent(merchantOrderId)}/status?details=true`,
    undefined,
    fetchImpl,
  );
  if (answer.ok) {
    if ((answer.body as { code?: unknown }).code === NO_SUCH_ORDER) return 'missing';
    return typeof answer.body.state === 'string' && Number.isSafeInteger(answer.body.amount)
      ? answer.body
      : null;
  }
  return isMissing(answer) ? 'missing' : null;
}

/**
 * The PhonePe orders of one attempt are `<attempt id>-1`, `-2`, …: PhonePe takes a merchant
 * order id once and its status API has no search, so a new Pay Now on the same attempt makes the
 * next one, and the orders are found again by asking for each in turn until PhonePe has none.
 */
export const MAX_PHONEPE_ORDERS_PER_ATTEMPT = 10;
export const phonepeMerchantOrderId = (attemptId: string, n: number) => `${attemptId}-${n}`;
/** The attempt of one of our merchant order ids; null for an id that is not of this form. */
export function attemptOfMerchantOrderId(merchantOrderId: string): string | null {
  const match = /^(PAY[0-9A-Z]{1,40})-(\d{1,2})$/.exec(merchantOrderId);
  return match ? match[1]! : null;
}

/** Every PhonePe order made for the attempt (null: PhonePe did not answer). */
export async function phonepeOrdersOf(
  pp: PhonePeConfig,
  attemptId: string,
  fetchImpl?: FetchLike,
): Promise<PhonePeOrder[] | null> {
  const found: PhonePeOrder[] = [];
  for (let n = 1; n <= MAX_PHONEPE_ORDERS_PER_ATTEMPT; n++) {
    const merchantOrderId = phonepeMerchantOrderId(attemptId, n);
    const status = await phonepeOrderStatus(pp, merchantOrderId, fetchImpl);
    if (status === null) return null;
    if (status === 'missing') break;
    found.push({ merchantOrderId, status });
  }
  return found;
}

interface PhonePeRefund {
  refundId?: string;
  amount?: number;
  /** PENDING, CONFIRMED, COMPLETED or FAILED */
  state?: string;
}

/**
 * Our refund, asked once: its merchantRefundId is our refund id, and before asking, PhonePe's
 * refund status API is asked for it (a request whose answer was lost), so a resend never refunds
 * twice. The refund is known by that id from then on (the status API takes it), so it is the
 * provider's refund id the store keeps.
 */
export async function phonepeRefund(
  pp: PhonePeConfig,
  refund: { merchantOrderId: string; refundId: string; amountPaise: number },
  fetchImpl?: FetchLike,
): Promise<RefundRequestAnswer> {
  const earlier = await phonepeCall<PhonePeRefund>(
    pp,
    'GET',
    `/payments/v2/refund/${encodeURIComponent(refund.refundId)}/status`,
    undefined,
    fetchImpl,
  );
  if (earlier.ok) return { ok: true, requestId: refund.refundId };
  if (!isMissing(earlier)) return { ok: false, message: earlier.message, answered: false };
  const answer = await phonepeCall<PhonePeRefund>(
    pp,
    'POST',
    '/payments/v2/refund',
    {
      merchantRefundId: refund.refundId,
      originalMerchantOrderId: refund.merchantOrderId,
      amount: refund.amountPaise,
    },
    fetchImpl,
  );
  if (answer.ok) return { ok: true, requestId: refund.refundId };
  return { ok: false, message: answer.message, answered: answer.status !== 0 };
}

/** GET /payments/v2/refund/{merchantRefundId}/status: COMPLETED, FAILED, or still on its way. */
export async function phonepeRefundStatus(
  pp: PhonePeConfig,
  merchantRefundId: string,
  fetchImpl?: FetchLike,
): Promise<ProviderRefundStatus | null> {
  const answer = await phonepeCall<PhonePeRefund>(
    pp,
    'GET',
    `/payments/v2/refund/${encodeURIComponent(merchantRefundId)}/status`,
    undefined,
    fetchImpl,
  );
  if (!answer.ok) return null;
  if (answer.body.state === 'COMPLETED') return 'succeeded';
  if (answer.body.state === 'FAILED') return 'failed';
  return 'requested';
}

/**
 * A PhonePe order of one of our attempts, as read from its status API, as a notification:
 * COMPLETED is money taken (the amount of the completed payment, which the store then checks
 * against the attempt), FAILED is not, PENDING is still being decided. CREATED (nothing tried
 * yet) is no notification. The event id is the merchant order id and the outcome, the same
 * whether the browser's return, the webhook or the reconciliation brings it: whichever comes
 * first applies, the others are replays. The merchant order id is the provider reference: the
 * refund API takes it.
 */
export function phonepeNotification(
  order: PhonePeOrder,
  attemptId: string,
  source: string,
): VerifiedNotification | null {
  const { status, merchantOrderId } = order;
  const outcome =
    status.state === 'COMPLETED'
      ? 'succeeded'
      : status.state === 'FAILED'
        ? 'failed'
        : status.state === 'PENDING'
          ? 'pending'
          : null;
  if (!outcome) return null;
  const completed = status.paymentDetails?.find((p) => p.state === 'COMPLETED');
  const amount = outcome === 'succeeded' && completed ? completed.amount : status.amount;
  if (!Number.isSafeInteger(amount)) return null;
  return {
    provider: 'phonepe',
    eventId: `${merchantOrderId}:${outcome}`,
    paymentId: attemptId,
    amountPaise: amount,
    outcome,
    providerReference: merchantOrderId,
    // PhonePe's error codes (PAYMENT_ERROR, ZM…) mean nothing to a shopper; they stay in the payload
    ...(outcome === 'failed' ? { reason: 'The payment did not go through at PhonePe' } : {}),
    payload: { source, merchantOrderId, status },
  };
}
