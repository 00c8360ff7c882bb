import { createHash } from 'node:crypto';
import { formatPaise } from '@store/contracts/money';
import { escapeHtml } from '@store/contracts/text';
import { formActionOrigins } from './providers/definitions';

/**
 * What the gateway pages may do: their own inline styles, forms back to this server, and no script
 * at all, so text that reached a page (an order id, a merchant's name) can never run.
 */
const pageCsp = (scriptSrc: string, formAction: string) =>
  [
    "default-src 'none'",
    `script-src ${scriptSrc}`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');

export const SANDBOX_PAGE_CSP = pageCsp("'none'", "'self'");

/** The bounce page's one script: it submits the form to the provider. */
const AUTO_POST_SCRIPT = "document.getElementById('bounce').submit()";

/**
 * The bounce page runs only its own script, allowed by its hash (it never changes, so no nonce is
 * needed), and posts only to this server or the hosted checkouts the providers' definitions name
 * (PayU's, Razorpay's; PhonePe's page is reached by a redirect, not from this page).
 */
const AUTO_POST_SCRIPT_SRC = `'sha256-${createHash('sha256').update(AUTO_POST_SCRIPT).digest('base64')}'`;
const AUTO_POST_FORM_ACTION = ["'self'", ...formActionOrigins('bouncePage')].join(' ');
export const AUTO_POST_PAGE_CSP = pageCsp(AUTO_POST_SCRIPT_SRC, AUTO_POST_FORM_ACTION);

/**
 * The bounce page's policy for a page it posts to: that page's origin is added when the list
 * above does not name it (RAZORPAY_API_URL set to a local fake Razorpay in the browser journeys).
 * The route only bounces to a configured provider's checkout URL, so this widens nothing else.
 */
export function autoPostPageCsp(checkoutUrl: string): string {
  const origin = new URL(checkoutUrl).origin;
  if (AUTO_POST_FORM_ACTION.split(' ').includes(origin)) return AUTO_POST_PAGE_CSP;
  return pageCsp(AUTO_POST_SCRIPT_SRC, `${AUTO_POST_FORM_ACTION} ${origin}`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem}.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.1rem .6rem;font-size:.75rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1rem 0}dt{color:#52525b}dd{margin:0;font-weight:600}
.actions{display:flex;gap:.75rem;margin-top:1rem}button{flex:1;border:0;border-radius:8px;padding:.7rem;font-size:1rem;cursor:pointer}
.approve{background:#15803d;color:#fff}.decline{background:#b91c1c;color:#fff}hr{border:0;border-top:1px solid #e4e4e7;margin:1.25rem 0}
</style></head><body><main>${body}</main></body></html>`;
}

export interface SandboxAttemptView {
  id: string;
  orderId: string;
  merchant: string;
  amountPaise: number;
  provider: string;
  status: string;
}

function attemptBlock(a: SandboxAttemptView, token: string): string {
  const id = escapeHtml(a.id);
  const details = `<dl>
<dt>Merchant</dt><dd data-testid="sandbox-merchant">${escapeHtml(a.merchant)}</dd>
<dt>Order</dt><dd data-testid="sandbox-order">${escapeHtml(a.orderId)}</dd>
<dt>Amount</dt><dd data-testid="sandbox-amount">${formatPaise(a.amountPaise)}</dd>
<dt>Reference</dt><dd data-testid="sandbox-reference">${id}</dd>
</dl>`;
  if (a.status !== 'pending') {
    return `${details}<p data-testid="sandbox-status">This payment is already ${escapeHtml(a.status)}.</p>`;
  }
  // the owner's token travels with the decision: without it the store refuses (sandbox-token.ts)
  const hidden = `<input type="hidden" name="token" value="${escapeHtml(token)}">`;
  return `${details}<div class="actions">
<form method="post" action="/sandbox-gateway/pay/${id}/approve" style="flex:1;display:flex">${hidden}<button class="approve" type="submit" data-testid="sandbox-approve">Approve</button></form>
<form method="post" action="/sandbox-gateway/pay/${id}/decline" style="flex:1;display:flex">${hidden}<button class="decline" type="submit" data-testid="sandbox-decline">Decline</button></form>
</div>`;
}

/**
 * The hosted gateway page (or, for a UPI attempt, the sandbox's stand-in for the payer's UPI app):
 * merchant, order and amount with Approve and Decline, which carry the owner's token.
 */
export function sandboxPayPage(a: SandboxAttemptView, token: string): string {
  const heading = a.provider === 'upi' ? 'Sandbox UPI payment' : 'Sandbox payment gateway';
  return page(
    heading,
    `<span class="badge">Sandbox: no real money moves</span><h1>${heading}</h1>${attemptBlock(a, token)}`,
  );
}

export function sandboxMessagePage(title: string, message: string): string {
  return page(
    title,
    `<h1 data-testid="sandbox-result">${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`,
  );
}

/** Re-posts fields to a provider under their own names (PayU wants key, txnid, hash, ...). */
export function autoPostPage(url: string, data: Record<string, string>): string {
  const inputs = Object.entries(data)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return page(
    'Redirecting to payment',
    `<form id="bounce" method="post" action="${escapeHtml(url)}">${inputs}<p>Taking you to the payment page…</p><button type="submit">Continue</button></form>
<script>${AUTO_POST_SCRIPT}</script>`,
  );
}
