import type { IncomingHttpHeaders } from 'node:http';
import { UPI_QR_LIFETIME_MS } from '@store/contracts/payment-rules';
import { hexDigestsEqual, hmacSha256Hex } from './signature';

/** How long the owner's link to the sandbox's Approve/Decline stays usable. */
export const SANDBOX_TOKEN_LIFETIME_MS = UPI_QR_LIFETIME_MS;

const message = (paymentId: string, expiresAtSeconds: number) =>
  `sandbox-decide|${paymentId}|${expiresAtSeconds}`;

/**
 * The right to approve or decline one sandbox attempt: `<expiry, unix seconds>.<hex HMAC>` over the
 * payment id, the scope and the expiry, with the sandbox secret. Only the order's owner receives
 * it (POST /payments answers them alone), so knowing an order or payment id is not enough.
 */
export function signSandboxToken(secret: string, paymentId: string, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `${exp}.${hmacSha256Hex(secret, message(paymentId, exp))}`;
}

/** True only for a token of this very attempt that has not expired. */
export function verifySandboxToken(
  secret: string,
  paymentId: string,
  token: string | undefined,
  now = Date.now(),
): boolean {
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(token ?? '');
  if (!match) return false;
  const exp = Number(match[1]);
  if (exp * 1000 <= now) return false;
  return hexDigestsEqual(hmacSha256Hex(secret, message(paymentId, exp)), match[2]);
}

const withoutDefaultPort = (host: string) => host.replace(/:(80|443)$/, '');

/**
 * A form post another site made the browser send. Sec-Fetch-Site is set by the browser and cannot
 * be forged by a page; older browsers send Origin (or at least Referer), compared with this host.
 * A request with none of them is not a browser's cross-site post (it still needs the token).
 */
export function isCrossSiteRequest(
  headers: IncomingHttpHeaders,
  ownHosts: readonly string[],
): boolean {
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const source = headers.origin ?? headers.referer;
  if (typeof source !== 'string' || source === '') return false;
  try {
    return !ownHosts.map(withoutDefaultPort).includes(withoutDefaultPort(new URL(source).host));
  } catch {
    // Origin: null (a sandboxed frame, a data: URL) is never our own page
    return true;
  }
}
