import { paiseToRupeeString } from '@store/contracts/money';
import { SANDBOX_TOKEN_LIFETIME_MS, signSandboxToken } from '../sandbox-token';
import { hmacSha256Hex, randomReference, verifyHmacSha256 } from '../signature';
import { sandboxEnabled } from '../payment-config';
import { sandboxDefinition } from './sandbox-definition';
import type { PaymentProvider, VerifiedNotification } from './provider';

export const SANDBOX_PAY_PATH = '/sandbox-gateway/pay';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** Signs what the store asks the sandbox to charge, so the hosted page refuses an altered amount. */
export function sandboxRequestSignature(secret: string, paymentId: string, amount: string): string {
  return hmacSha256Hex(secret, `${paymentId}|${amount}`);
}

/** Store-hosted sandbox gateway: a redirect_post to its page, which shows Approve and Decline. */
export const sandboxProvider: PaymentProvider = {
  id: 'sandbox',
  label: sandboxDefinition.label,
  // it also plays the UPI PSP in a demo store (the "UPI app" page approves UPI attempts)
  settles: ['sandbox', 'upi'],
  // only in a demo store that offers it: a store taking real money has no sandbox at all
  isConfigured: sandboxEnabled,
  verifyWebhook(config, { rawBody, headers }) {
    const signature = headers[SANDBOX_SIGNATURE_HEADER];
    return verifySandboxNotification(
      config.sandbox.secret,
      rawBody,
      typeof signature === 'string' ? signature : undefined,
    );
  },
  start({ attempt, storeName, config }) {
    const amount = paiseToRupeeString(attempt.amountPaise);
    // Relative on purpose: the page is served by this store on the same origin as the web app
    // (and proxied by the Vite dev server), so the return to /order-success stays on that origin.
    const url = SANDBOX_PAY_PATH;
    const data = {
      paymentId: attempt.id,
      orderId: attempt.orderId,
      amount,
      currency: 'INR',
      merchant: storeName,
      signature: sandboxRequestSignature(config.sandbox.secret, attempt.id, amount),
      // the owner's right to Approve/Decline on the hosted page (sandbox-token.ts)
      token: signSandboxToken(
        config.sandbox.secret,
        attempt.id,
        new Date(Date.now() + SANDBOX_TOKEN_LIFETIME_MS),
      ),
    };
    return {
      redirectUrl: url,
      action: {
        type: 'redirect_post',
        redirectUrl: url,
        formParams: { type: 'sandbox', url, data },
      },
    };
  },
};

export interface SandboxNotificationBody {
  event: 'payment.captured' | 'payment.failed';
  eventId: string;
  paymentId: string;
  /** paise */
  amount: number;
  currency: 'INR';
  reason?: string;
}

/** The notification body and its X-Sandbox-Signature (hex HMAC-SHA256 of the exact body). */
export function signSandboxNotification(
  secret: string,
  body: Omit<SandboxNotificationBody, 'eventId' | 'currency'> & { eventId?: string },
): { rawBody: string; signature: string } {
  const full: SandboxNotificationBody = {
    currency: 'INR',
    eventId: randomReference('EVT'),
    ...body,
  };
  const rawBody = JSON.stringify(full);
  return { rawBody, signature: hmacSha256Hex(secret, rawBody) };
}

function isNotificationBody(v: unknown): v is SandboxNotificationBody {
  if (typeof v !== 'object' || v === null) return false;
  const b = v as Record<string, unknown>;
  return (
    (b.event === 'payment.captured' || b.event === 'payment.failed') &&
    typeof b.eventId === 'string' &&
    b.eventId.length > 0 &&
    b.eventId.length <= 64 &&
    typeof b.paymentId === 'string' &&
    b.paymentId.length <= 64 &&
    Number.isSafeInteger(b.amount) &&
    b.currency === 'INR'
  );
}

/**
 * Checks the signature over the raw bytes first, then the shape. Null when either fails: an
 * unsigned or tampered notification is never read.
 */
export function verifySandboxNotification(
  secret: string,
  rawBody: string,
  signature: string | undefined,
): VerifiedNotification | null {
  if (!verifyHmacSha256(secret, rawBody, signature)) return null;
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!isNotificationBody(body)) return null;
  return {
    provider: 'sandbox',
    eventId: body.eventId,
    paymentId: body.paymentId,
    amountPaise: body.amount,
    outcome: body.event === 'payment.captured' ? 'succeeded' : 'failed',
    ...(body.reason ? { reason: body.reason } : {}),
    payload: body,
  };
}
