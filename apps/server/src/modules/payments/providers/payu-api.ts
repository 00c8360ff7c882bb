import { paiseToRupeeString, rupeeStringToPaise } from '@store/contracts/money';
import type { PaymentConfig } from '../payment-config';
import { sha512Hex } from '../signature';
import type { FetchLike, RefundRequestAnswer, VerifiedNotification } from './provider';

type PayuConfig = NonNullable<PaymentConfig['payu']>;
export type { FetchLike } from './provider';

/**
 * PayU's `status`: success, failure, or pending (the bank has not confirmed yet; unmappedstatus
 * then says e.g. pending or initiated). Anything else is not money taken.
 */
export function payuOutcome(status: string | undefined): VerifiedNotification['outcome'] {
  if (status === 'success') return 'succeeded';
  if (status === 'pending') return 'pending';
  return 'failed';
}

/**
 * One command of PayU's merchant post service (docs.payu.in "APIs used for Integration"): a form
 * POST of key, command, var1..n and hash = sha512(key|command|var1|SALT), answered in JSON
 * (form=2 in the URL). Null when PayU cannot be reached or answers something that is not JSON.
 */
export async function payuCommand(
  payu: PayuConfig,
  command: string,
  vars: string[],
  fetchImpl: FetchLike = fetch,
): Promise<Record<string, unknown> | null> {
  const form = new URLSearchParams({ key: payu.key, command });
  vars.forEach((v, i) => form.set(`var${i + 1}`, v));
  form.set('hash', sha512Hex(`${payu.key}|${command}|${vars[0] ?? ''}|${payu.salt}`));
  try {
    const res = await fetchImpl(payu.apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      signal: AbortSignal.timeout(15_000),
    });
    const json: unknown = await res.json();
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * verify_payment (var1 = our txnid). PayU answers
 * `{ status: 1, msg, transaction_details: { <txnid>: { mihpayid, status, unmappedstatus, amt,
 * transaction_amount, txnid, error_Message, ... } } }`; an unknown txnid has mihpayid and status
 * "Not Found". The answer comes from PayU over TLS to a request signed with our salt, so a final
 * status becomes a verified notification with the same event id as the browser return and the
 * webhook (mihpayid:status): whichever arrives first applies, the others are replays.
 * Null when PayU has nothing to say yet (not found, no answer).
 */
export async function payuVerifyPayment(
  payu: PayuConfig,
  txnid: string,
  fetchImpl?: FetchLike,
): Promise<VerifiedNotification | null> {
  const answer = await payuCommand(payu, 'verify_payment', [txnid], fetchImpl);
  const details = answer?.transaction_details as
    Record<string, Record<string, unknown>> | undefined;
  const t = details?.[txnid];
  if (!t) return null;
  const mihpayid = text(t.mihpayid);
  const status = text(t.status);
  const amountPaise = rupeeStringToPaise(text(t.transaction_amount) || text(t.amt));
  if (!mihpayid || mihpayid === 'Not Found' || amountPaise === null) return null;
  return {
    provider: 'payu',
    eventId: `${mihpayid}:${status}`,
    paymentId: txnid,
    amountPaise,
    outcome: payuOutcome(status),
    providerReference: mihpayid,
    ...(text(t.error_Message) ? { reason: text(t.error_Message) } : {}),
    payload: { source: 'verify_payment', ...t },
  };
}

export type PayuRefundRequest = RefundRequestAnswer;

/**
 * cancel_refund_transaction: var1 = mihpayid, var2 = our token for this refund (PayU refuses a
 * token twice, so a resend cannot refund twice), var3 = amount in rupees. PayU answers
 * `{ status: 1, msg: "Refund Request Queued", request_id, bank_ref_num, mihpayid, error_code }`,
 * or status 0 with msg saying why.
 */
export async function payuRequestRefund(
  payu: PayuConfig,
  refund: { mihpayid: string; token: string; amountPaise: number },
  fetchImpl?: FetchLike,
): Promise<PayuRefundRequest> {
  const answer = await payuCommand(
    payu,
    'cancel_refund_transaction',
    [refund.mihpayid, refund.token, paiseToRupeeString(refund.amountPaise)],
    fetchImpl,
  );
  if (!answer) return { ok: false, message: 'PayU did not answer', answered: false };
  const requestId = text(answer.request_id);
  if (Number(answer.status) === 1 && requestId) return { ok: true, requestId };
  return { ok: false, message: text(answer.msg) || 'PayU refused the refund', answered: true };
}

/**
 * check_action_status (var1 = the refund's request_id). PayU answers
 * `{ status: 1, msg, transaction_details: { <request_id>: { <request_id>: { status, action,
 * amount, mihpayid, bank_ref_num, ... } } } }` (one level less in some answers): the refund's
 * status is success, failure, or still queued/pending. Null when PayU has no answer.
 */
export async function payuRefundStatus(
  payu: PayuConfig,
  requestId: string,
  fetchImpl?: FetchLike,
): Promise<'succeeded' | 'failed' | 'requested' | null> {
  const answer = await payuCommand(payu, 'check_action_status', [requestId], fetchImpl);
  const details = answer?.transaction_details as Record<string, unknown> | undefined;
  let entry = details?.[requestId] as Record<string, unknown> | undefined;
  if (entry && typeof entry[requestId] === 'object')
    entry = entry[requestId] as Record<string, unknown>;
  if (!entry) return null;
  const status = text(entry.status).toLowerCase();
  if (status === 'success') return 'succeeded';
  if (status === 'failure' || status === 'failed') return 'failed';
  return 'requested';
}
