// Money rules shared by the server and the web app. Plain functions, no zod import, so the web
// entry chunk (the cart) can use them. Amounts are integer paise in the database and in
// arithmetic; the API speaks rupees (architecture rule 9).

import { paiseToRupees } from './paise';

// The conversions and the sum live in paise.ts, which the web entry chunk imports on its own.
export { paiseToRupees, rupeesToPaise, sumRupees } from './paise';

/** Rupees with two decimals from integer paise: 12345 -> "123.45" (gateways and UPI want this). */
export function paiseToRupeeString(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0)
    throw new Error(`Invalid amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  return `${rupees}.${String(paise % 100).padStart(2, '0')}`;
}

/** Integer paise from a rupee amount string ("123.45", "123.4", "123"); null when not an amount. */
export function rupeeStringToPaise(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The price a shopper pays: the discounted price when there is one, else the regular price (0 when
 * neither is known). The same rule in paise (server) and in rupees (web).
 */
export function effectivePrice(
  regular: number | null | undefined,
  discounted: number | null | undefined,
): number {
  if (typeof discounted === 'number') return discounted;
  return typeof regular === 'number' ? regular : 0;
}

// Made on first use, not when the module loads: creating an ICU formatter costs a phone about
// 10 ms, which at load sat in the same task as the storefront's hydration, and a catalogue page
// never needs the exact one (docs/decisions/web-preact.md).
let inrCatalogue: Intl.NumberFormat | undefined;
let inrExact: Intl.NumberFormat | undefined;
const inrFormat = (style: 'catalogue' | 'exact') =>
  style === 'exact'
    ? (inrExact ??= new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: 'INR',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }))
    : (inrCatalogue ??= new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: 'INR',
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      }));

export function formatInr(rupees: number, style: 'catalogue' | 'exact' = 'catalogue'): string {
  return inrFormat(style).format(rupees);
}

/** Integer paise as exact rupees: 123450 -> "₹1,234.50" (the nearest double rounds back). */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new Error(`Invalid amount in paise: ${paise}`);
  return formatInr(paiseToRupees(paise), 'exact');
}
