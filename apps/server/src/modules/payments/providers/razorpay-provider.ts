import { HttpError } from '../../../lib/errors';
import { verifyHmacSha256 } from '../signature';
import { razorpayDefinition } from './razorpay-definition';
import type { PaymentProvider, ReturnVerdict } from './provider';
import {
  razorpayCreateOrder,
  razorpayNotification,
  razorpayOrder,
  razorpayOrdersOf,
  razorpayPayment,
  razorpayPaymentsOfOrder,
  razorpayRefund,
  razorpayRefundStatus,
  type RazorpayConfig,
  type RazorpayPayment,
} from './razorpay-api';

export const RAZORPAY_BOUNCE_PATH = '/api/v1/payments/bounce';
export const RAZORPAY_RETURN_PATH = '/api/v1/payments/razorpay/return';
export const RAZORPAY_SIGNATURE_HEADER = 'x-razorpay-signature';

/** Razorpay's hosted checkout: a form post with the order id, no script of theirs in our pages. */
export const razorpayCheckoutUrl = (rp: RazorpayConfig) => `${rp.apiUrl}/v1/checkout/embedded`;

const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : '');

/** The payment events that move an attempt; any other event is acknowledged and left alone. */
const PAYMENT_EVENTS = new Set([
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'order.paid',
]);

/** The store's attempt and order behind a Razorpay order: its receipt and notes, read from Razorpay. */
async function attemptOf(rp: RazorpayConfig, razorpayOrderId: string) {
  const order = await razorpayOrder(rp, razorpayOrderId);
  if (!order?.receipt) return null;
  return { attemptId: order.receipt, orderId: order.notes?.order_id ?? '' };
}

/** A payment Razorpay itself reported for that order, as the notification of our attempt. */
async function verdictOf(
  rp: RazorpayConfig,
  razorpayOrderId: string,
  payment: RazorpayPayment | null,
  source: string,
): Promise<ReturnVerdict | null> {
  if (!payment || payment.order_id !== razorpayOrderId) return null;
  const attempt = await attemptOf(rp, razorpayOrderId);
  const notification = attempt && razorpayNotification(payment, attempt.attemptId, source);
  return notification && attempt ? { notification, orderId: attempt.orderId } : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Razorpay (docs: razorpay.com/docs/payments/payment-gateway/web-integration/hosted): an order is
 * created through its Orders API with our attempt id as the receipt, and the shopper is sent to
 * its hosted checkout by a form post (redirect_post through the bounce page: no Razorpay script in
 * our pages). The hosted page offers UPI (QR and collect), cards, netbanking and wallets; Razorpay
 * does not offer UPI intent there, so UPI on this phone stays the store's own `upi_app`.
 * Nothing the browser brings is believed on its own: the return's signature is checked, then the
 * payment is read from Razorpay's API; webhooks are checked over their raw body.
 */
export const razorpayProvider: PaymentProvider = {
  id: 'razorpay',
  label: razorpayDefinition.label,
  settles: ['razorpay'],
  isConfigured: (config) => config.razorpay !== null,
  checkoutUrls: (config) => (config.razorpay ? [razorpayCheckoutUrl(config.razorpay)] : []),

  async start({ attempt, fields, config, baseUrl, storeName }) {
    const rp = config.razorpay;
    if (!rp) throw new Error('Razorpay is not configured');
    // a resubmit of the same attempt reuses its open Razorpay order rather than making another
    const earlier = await razorpayOrdersOf(rp, attempt.id);
    const open = earlier?.find((o) => o.amount === attempt.amountPaise && o.status !== 'paid');
    const order =
      open ??
      (await razorpayCreateOrder(rp, {
        amountPaise: attempt.amountPaise,
        receipt: attempt.id,
        notes: { order_id: attempt.orderId },
      }));
    if (!order)
      throw new HttpError(502, 'Razorpay could not be reached. Please try again in a minute.');
    const url = razorpayCheckoutUrl(rp);
    const cancel = new URLSearchParams({ orderId: attempt.orderId, reason: 'Payment cancelled' });
    const data: Record<string, string> = {
      key_id: rp.keyId,
      order_id: order.id,
      amount: String(attempt.amountPaise),
      currency: 'INR',
      name: storeName.slice(0, 100),
      description: `Order ${attempt.orderId}`.slice(0, 255),
      'prefill[name]': str(fields.payerName).trim(),
      'prefill[email]': str(fields.email),
      'prefill[contact]': str(fields.phone),
      'notes[order_id]': attempt.orderId,
      callback_url: `${baseUrl}${RAZORPAY_RETURN_PATH}`,
      cancel_url: `${baseUrl}/payment?${cancel.toString()}`,
    };
    return {
      redirectUrl: RAZORPAY_BOUNCE_PATH,
      action: {
        type: 'redirect_post',
        redirectUrl: RAZORPAY_BOUNCE_PATH,
        formParams: { type: 'razorpay', url, data },
      },
    };
  },

  /**
   * The callback: on success razorpay_payment_id, razorpay_order_id and razorpay_signature =
   * HMAC-SHA256(order_id|payment_id, key secret); on failure error[...] fields, unsigned, whose
   * error[metadata] names the payment and order. Either way the payment is then read from
   * Razorpay, so a forged failure changes nothing either.
   */
  async verifyReturn(config, fields) {
    const rp = config.razorpay;
    if (!rp) return null;
    const orderId = fields.razorpay_order_id;
    const paymentId = fields.razorpay_payment_id;
    if (orderId && paymentId) {
      if (!verifyHmacSha256(rp.keySecret, `${orderId}|${paymentId}`, fields.razorpay_signature))
        return null;
      return verdictOf(rp, orderId, await razorpayPayment(rp, paymentId), 'callback');
    }
    const metadata = parseJson(fields['error[metadata]'] ?? '') as {
      payment_id?: unknown;
      order_id?: unknown;
    } | null;
    if (typeof metadata?.order_id !== 'string' || typeof metadata.payment_id !== 'string')
      return null;
    return verdictOf(
      rp,
      metadata.order_id,
      await razorpayPayment(rp, metadata.payment_id),
      'callback-error',
    );
  },

  /** X-Razorpay-Signature: hex HMAC-SHA256 of the raw body with the webhook secret. */
  async verifyWebhook(config, { rawBody, headers }) {
    const rp = config.razorpay;
    const signature = headers[RAZORPAY_SIGNATURE_HEADER];
    if (!rp?.webhookSecret || typeof signature !== 'string') return null;
    if (!verifyHmacSha256(rp.webhookSecret, rawBody, signature)) return null;
    const body = parseJson(rawBody) as {
      event?: unknown;
      payload?: { payment?: { entity?: RazorpayPayment } };
    } | null;
    if (typeof body?.event !== 'string' || !PAYMENT_EVENTS.has(body.event)) return 'ignored';
    const payment = body.payload?.payment?.entity;
    if (!payment || typeof payment.order_id !== 'string') return 'ignored';
    const attempt = await attemptOf(rp, payment.order_id);
    // signed by Razorpay but for no attempt of this store (another site on the same account)
    if (!attempt) return 'ignored';
    return razorpayNotification(payment, attempt.attemptId, `webhook:${body.event}`) ?? 'ignored';
  },

  /** Every Razorpay order made for the attempt, and their payments: captured wins, then pending. */
  async fetchStatus(config, attemptId, fetchImpl) {
    const rp = config.razorpay;
    if (!rp) return null;
    const orders = await razorpayOrdersOf(rp, attemptId, fetchImpl);
    if (!orders?.length) return null;
    const tried: RazorpayPayment[] = [];
    for (const order of orders) {
      const payments = await razorpayPaymentsOfOrder(rp, order.id, fetchImpl);
      if (payments) tried.push(...payments);
    }
    const rank = (p: RazorpayPayment) =>
      p.status === 'captured' || p.status === 'refunded' ? 0 : p.status === 'failed' ? 2 : 1;
    const best = tried.sort((a, b) => rank(a) - rank(b))[0];
    return best ? razorpayNotification(best, attemptId, 'reconcile') : null;
  },

  refunds: {
    async request(config, refund, fetchImpl) {
      if (!config.razorpay)
        return { ok: false, message: 'Razorpay is not configured', answered: false };
      return razorpayRefund(
        config.razorpay,
        {
          paymentId: refund.providerReference,
          refundId: refund.refundId,
          amountPaise: refund.amountPaise,
        },
        fetchImpl,
      );
    },
    status: async (config, refundId, fetchImpl) =>
      config.razorpay ? razorpayRefundStatus(config.razorpay, refundId, fetchImpl) : null,
  },
};
