// A payment link from the shop (an order taken by phone or WhatsApp): /payment?orderId=…#payToken=…
// opens that one order's payment page without signing in. The token is kept for this tab only
// (sessionStorage), per order, so a declined attempt's return to /payment?orderId=… still works,
// and taken out of the address bar so it is not copied on or kept in the history.
import { PAY_TOKEN_HEADER } from '@store/contracts/payments';

const keyOf = (orderId: string) => `payToken:${orderId.toUpperCase()}`;

/** Reads `#payToken=` of the address (once), keeps it for `orderId` and clears the fragment. */
export function takePayTokenFromAddress(orderId: string | null): void {
  if (typeof window === 'undefined' || !orderId) return;
  const token = new URLSearchParams(window.location.hash.slice(1)).get('payToken');
  if (!token) return;
  try {
    window.sessionStorage.setItem(keyOf(orderId), token);
  } catch {
    // storage refused (private mode): the link works for this page only
    memory.set(keyOf(orderId), token);
  }
  window.history.replaceState(
    window.history.state,
    '',
    window.location.pathname + window.location.search,
  );
}

const memory = new Map<string, string>();

/** The payment link's token kept for this order, if the page was opened from one. */
export function payTokenFor(orderId: string | null): string | null {
  if (typeof window === 'undefined' || !orderId) return null;
  try {
    return window.sessionStorage.getItem(keyOf(orderId)) ?? memory.get(keyOf(orderId)) ?? null;
  } catch {
    return memory.get(keyOf(orderId)) ?? null;
  }
}

/** The header that pays or shows this order by its link; none when the page has no link. */
export function payLinkHeaders(orderId: string | null): Record<string, string> {
  const token = payTokenFor(orderId);
  return token ? { [PAY_TOKEN_HEADER]: token } : {};
}

/** The payment page of an order whose payment link this tab was opened from (or is opening now). */
export function opensWithPayLink(location: { pathname: string; search: string; hash: string }) {
  if (location.pathname !== '/payment') return false;
  const orderId = new URLSearchParams(location.search).get('orderId')?.trim() || null;
  return (
    new URLSearchParams(location.hash.slice(1)).has('payToken') || payTokenFor(orderId) !== null
  );
}
