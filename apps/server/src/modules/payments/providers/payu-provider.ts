import { paiseToRupeeString, rupeeStringToPaise } from '@store/contracts/money';
import type { PaymentConfig } from '../payment-config';
import { payuEndpoints, payuFormData, verifyPayuResponse } from './payu';
import type { PaymentProvider, VerifiedNotification } from './provider';

/** The store page that re-posts `data[...]` under PayU's own field names (see bounce in the routes). */
export const PAYU_BOUNCE_PATH = '/api/v1/payments/bounce';
export const PAYU_RETURN_PATH = '/api/v1/payments/payu/return';

const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : '');

/** PayU hosted checkout: the browser posts the signed fields to PayU, which returns to surl/furl. */
export const payuProvider: PaymentProvider = {
  id: 'payu',
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

/**
 * PayU's `status`: success, failure, or pending (the bank has not confirmed yet; unmappedstatus
 * then says e.g. pending or initiated). Anything else is not money taken.
 */
export function payuOutcome(status: string | undefined): VerifiedNotification['outcome'] {
  if (status === 'success') return 'succeeded';
  if (status === 'pending') return 'pending';
  return 'failed';
}

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
