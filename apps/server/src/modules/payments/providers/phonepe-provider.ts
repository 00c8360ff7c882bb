import { createHash } from 'node:crypto';
import { HttpError } from '../../../lib/errors';
import { hexDigestsEqual } from '../signature';
import { phonepeDefinition } from './phonepe-definition';
import type { PaymentProvider, ReturnVerdict, VerifiedNotification } from './provider';
import {
  attemptOfMerchantOrderId,
  MAX_PHONEPE_ORDERS_PER_ATTEMPT,
  phonepeCreatePayment,
  phonepeMerchantOrderId,
  phonepeNotification,
  phonepeOrderStatus,
  phonepeOrdersOf,
  phonepeRefund,
  phonepeRefundStatus,
  type PhonePeConfig,
  type PhonePeOrder,
} from './phonepe-api';

export const PHONEPE_BOUNCE_PATH = '/api/v1/payments/bounce';
export const PHONEPE_RETURN_PATH = '/api/v1/payments/phonepe/return';

/** The order events that move an attempt; any other (the refund events) is acknowledged and left alone. */
const ORDER_EVENTS = new Set(['checkout.order.completed', 'checkout.order.failed']);

const unreachable = () =>
  new HttpError(502, 'PhonePe could not be reached. Please try again in a minute.');

/** The webhook's Authorization header as PhonePe sends it: hex SHA-256 of "username:password". */
export const phonepeWebhookAuthorization = (username: string, password: string) =>
  createHash('sha256').update(`${username}:${password}`, 'utf8').digest('hex');

/**
 * PhonePe's page is opened by a GET of the URL its pay API answered: one of its own https hosts,
 * or the API's host (a local server in tests). Anything else is no PhonePe page.
 */
function isPhonePePage(pp: PhonePeConfig, url: string): boolean {
  let page: URL;
  try {
    page = new URL(url);
  } catch {
    return false;
  }
  const phonepeHost =
    page.protocol === 'https:' &&
    (page.hostname === 'phonepe.com' || page.hostname.endsWith('.phonepe.com'));
  return phonepeHost || page.origin === new URL(pp.apiUrl).origin;
}

/** The verdict of one PhonePe order read from its status API; null when it says nothing yet. */
function verdictOf(order: PhonePeOrder, source: string): ReturnVerdict | null {
  const attemptId = attemptOfMerchantOrderId(order.merchantOrderId);
  const notification = attemptId && phonepeNotification(order, attemptId, source);
  if (!notification) return null;
  return { notification, orderId: order.status.metaInfo?.udf1 ?? '' };
}

/**
 * PhonePe PG Standard Checkout, API v2 (docs: developer.phonepe.com, payment-gateway/website-
 * integration/standard-checkout): an OAuth token from the client id, secret and version; an
 * order per Pay Now with our merchant order id (`<attempt>-<n>`), the store's order in its
 * metaInfo; the shopper is sent to PhonePe's page (UPI intent and QR, cards, netbanking) and comes
 * back by a GET to the return URL, which carries no signature in v2: the store asks the order
 * status API. The webhook's Authorization is a fixed hash of the dashboard's username and
 * password, not a signature over the body, so a webhook only tells the store which order to ask
 * about: nothing in its body is believed either.
 */
export const phonepeProvider: PaymentProvider = {
  id: 'phonepe',
  label: phonepeDefinition.label,
  settles: ['phonepe'],
  isConfigured: (config) => config.phonepe !== null,
  checkoutRedirect: (config, url) => config.phonepe !== null && isPhonePePage(config.phonepe, url),

  async start({ attempt, config, baseUrl }) {
    const pp = config.phonepe;
    if (!pp) throw new Error('PhonePe is not configured');
    // PhonePe takes a merchant order id once: a resubmit of the attempt makes the next one
    const earlier = await phonepeOrdersOf(pp, attempt.id);
    if (!earlier) throw unreachable();
    if (earlier.length >= MAX_PHONEPE_ORDERS_PER_ATTEMPT)
      throw new HttpError(
        409,
        'This payment was started too many times. Please wait a few minutes and try again.',
      );
    const merchantOrderId = phonepeMerchantOrderId(attempt.id, earlier.length + 1);
    const query = new URLSearchParams({ merchantOrderId });
    const created = await phonepeCreatePayment(pp, {
      merchantOrderId,
      amountPaise: attempt.amountPaise,
      redirectUrl: `${baseUrl}${PHONEPE_RETURN_PATH}?${query.toString()}`,
      metaInfo: { udf1: attempt.orderId, udf2: attempt.id },
    });
    if (!created || !isPhonePePage(pp, created.redirectUrl)) throw unreachable();
    // the spec's redirect_post through the bounce page, which answers with a redirect to PhonePe
    return {
      redirectUrl: PHONEPE_BOUNCE_PATH,
      action: {
        type: 'redirect_post',
        redirectUrl: PHONEPE_BOUNCE_PATH,
        formParams: { type: 'phonepe', url: created.redirectUrl, data: {} },
      },
    };
  },

  /** The browser's return names our merchant order id; its status is then read from PhonePe. */
  async verifyReturn(config, fields) {
    const pp = config.phonepe;
    const merchantOrderId = fields.merchantOrderId ?? '';
    if (!pp || !attemptOfMerchantOrderId(merchantOrderId)) return null;
    const status = await phonepeOrderStatus(pp, merchantOrderId);
    if (status === null) throw unreachable();
    if (status === 'missing') return null;
    const order = { merchantOrderId, status };
    const verdict = verdictOf(order, 'return');
    if (verdict) return verdict;
    // CREATED: the shopper came back without paying (PhonePe's page has a back button)
    const attemptId = attemptOfMerchantOrderId(merchantOrderId)!;
    const cancelled: VerifiedNotification = {
      provider: 'phonepe',
      eventId: `${merchantOrderId}:returned-unpaid`,
      paymentId: attemptId,
      amountPaise: status.amount,
      outcome: 'failed',
      providerReference: merchantOrderId,
      reason: 'Payment cancelled',
      payload: { source: 'return', merchantOrderId, status },
    };
    return { notification: cancelled, orderId: status.metaInfo?.udf1 ?? '' };
  },

  /**
   * Authorization: SHA256(username:password), compared in constant time; then the order named in
   * the body is read from PhonePe's status API, so a replayed header with a forged body learns and
   * changes nothing. PhonePe not answering is a 502, so PhonePe sends the webhook again.
   */
  async verifyWebhook(config, { rawBody, headers }) {
    const pp = config.phonepe;
    const authorization = headers.authorization;
    if (!pp?.webhook || typeof authorization !== 'string') return null;
    const expected = phonepeWebhookAuthorization(pp.webhook.username, pp.webhook.password);
    if (!hexDigestsEqual(expected, authorization.trim())) return null;
    let body: { event?: unknown; payload?: { merchantOrderId?: unknown } } | null;
    try {
      body = JSON.parse(rawBody) as typeof body;
    } catch {
      return null;
    }
    if (typeof body?.event !== 'string' || !ORDER_EVENTS.has(body.event)) return 'ignored';
    const merchantOrderId = body.payload?.merchantOrderId;
    // an order of another site on the same PhonePe account
    if (typeof merchantOrderId !== 'string' || !attemptOfMerchantOrderId(merchantOrderId))
      return 'ignored';
    const status = await phonepeOrderStatus(pp, merchantOrderId);
    if (status === null) throw unreachable();
    if (status === 'missing') return 'ignored';
    return (
      verdictOf({ merchantOrderId, status }, `webhook:${body.event}`)?.notification ?? 'ignored'
    );
  },

  /**
   * Every PhonePe order of the attempt: a completed one wins, then one still pending; the attempt
   * fails only when every order tried failed (an order still CREATED may yet be paid).
   */
  async fetchStatus(config, attemptId, fetchImpl) {
    const pp = config.phonepe;
    if (!pp) return null;
    const orders = await phonepeOrdersOf(pp, attemptId, fetchImpl);
    if (!orders?.length) return null;
    const byState = (state: string) => orders.find((o) => o.status.state === state);
    const open = byState('PENDING') ?? byState('CREATED');
    const best = byState('COMPLETED') ?? open ?? byState('FAILED');
    return best ? phonepeNotification(best, attemptId, 'reconcile') : null;
  },

  refunds: {
    async request(config, refund, fetchImpl) {
      if (!config.phonepe)
        return { ok: false, message: 'PhonePe is not configured', answered: false };
      return phonepeRefund(
        config.phonepe,
        {
          merchantOrderId: refund.providerReference,
          refundId: refund.refundId,
          amountPaise: refund.amountPaise,
        },
        fetchImpl,
      );
    },
    status: async (config, refundId, fetchImpl) =>
      config.phonepe ? phonepeRefundStatus(config.phonepe, refundId, fetchImpl) : null,
  },
};
