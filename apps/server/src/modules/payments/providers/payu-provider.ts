import { paiseToRupeeString, rupeeStringToPaise } from '@store/contracts/money';
import type { PaymentConfig } from '../payment-config';
import { payuEndpoints, payuFormData, verifyPayuResponse } from './payu';
import { payuOutcome, payuRefundStatus, payuRequestRefund, payuVerifyPayment } from './payu-api';
import { payuDefinition } from './payu-definition';
import type { PaymentProvider, VerifiedNotification } from './provider';

export { payuOutcome } from './payu-api';

/** The store page that re-posts `data[...]` under PayU's own field names (see bounce in the routes). */
export const PAYU_BOUNCE_PATH = '/api/v1/payments/bounce';
export const PAYU_RETURN_PATH = '/api/v1/payments/payu/return';

const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : '');

/** PayU hosted checkout: the browser posts the signed fields to PayU, which returns to surl/furl. */
export const payuProvider: PaymentProvider = {
  id: 'payu',
  label: payuDefinition.label,
  settles: ['payu'],
  isConfigured: (config) => config.payu !== null,
  checkoutUrls: () => Object.values(payuEndpoints),
  // the webhook is a form post of the same signed fields as the browser's return
  verifyWebhook: (config, { rawBody }) =>
    verifyPayuNotification(config, Object.fromEntries(new URLSearchParams(rawBody))),
  verifyReturn(config, fields) {
    const notification = verifyPayuNotification(config, fields);
    return notification ? { notification, orderId: fields.udf1 ?? '' } : null;
  },
  fetchStatus: async (config, paymentId, fetchImpl) =>
    config.payu ? payuVerifyPayment(config.payu, paymentId, fetchImpl) : null,
  refunds: {
    async request(config, refund, fetchImpl) {
      if (!config.payu) return { ok: false, message: 'PayU is not configured', answered: false };
      // PayU's token for the refund is our refund id: PayU takes a token once
      return payuRequestRefund(
        config.payu,
        {
          mihpayid: refund.providerReference,
          token: refund.refundId,
          amountPaise: refund.amountPaise,
        },
        fetchImpl,
      );
    },
    status: async (config, requestId, fetchImpl) =>
      config.payu ? payuRefundStatus(config.payu, requestId, fetchImpl) : null,
  },
  start({ attempt, fields, config, baseUrl, storeName }) {
    const payu = config.payu;
    if (!payu) throw new Error('PayU is not configured');
    const name = str(fields.payerName).trim();
    const data = payuFormData(
      {
        key: payu.key,
        txnid: attempt.id,
        amount: paiseToRupeeString(attempt.amountPaise),
        productinfo: `${storeName} order ${attempt.orderId}`.slice(0, 100),
        firstname: name.split(/\s+/)[0] ?? name,
        email: str(fields.email),
        phone: str(fields.phone).replace(/^\+91/, ''),
        surl: `${baseUrl}${PAYU_RETURN_PATH}`,
        furl: `${baseUrl}${PAYU_RETURN_PATH}`,
        udf1: attempt.orderId,
      },
      payu.salt,
    );
    const url = payuEndpoints[payu.mode];
    return {
      redirectUrl: PAYU_BOUNCE_PATH,
      action: {
        type: 'redirect_post',
        redirectUrl: PAYU_BOUNCE_PATH,
        formParams: { type: 'payu', url, data },
      },
    };
  },
};

/** PayU's response (surl/furl post or webhook), verified by the reverse hash; null when it fails. */
export function verifyPayuNotification(
  config: PaymentConfig,
  response: Record<string, string | undefined>,
): VerifiedNotification | null {
  const payu = config.payu;
  if (!payu || !verifyPayuResponse(response, payu.salt, payu.key)) return null;
  const amountPaise = rupeeStringToPaise(response.amount ?? '');
  const { txnid, mihpayid, status } = response;
  if (amountPaise === null || !txnid || !mihpayid) return null;
  return {
    provider: 'payu',
    // PayU reports a transaction once per final status; mihpayid+status is the replay key.
    eventId: `${mihpayid}:${status ?? ''}`,
    paymentId: txnid,
    amountPaise,
    outcome: payuOutcome(status),
    providerReference: mihpayid,
    ...(response.error_Message ? { reason: response.error_Message } : {}),
    payload: response,
  };
}
