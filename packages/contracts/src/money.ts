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

/**
 * Integer paise from a rupee amount string ("123.45", "123.4", "123"); null when not an amount. Up
 * to 12 digits of rupees: the largest order the caps allow (50 lines of 99 at ₹1 crore, ₹4,950
 * crore) has 11, and 10^12 rupees in paise is still far inside Number.MAX_SAFE_INTEGER.
 */
export function rupeeStringToPaise(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
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

/**
 * Rupees as a shopper reads them, the Indian way: "₹1,23,456.5" (catalogue: up to 2 decimals) or
 * "₹1,23,456.50" (exact: always 2). Written out rather than with `Intl.NumberFormat('en-IN')`:
 * creating that ICU formatter took 14 ms of this machine's CPU (55 ms on Lighthouse's phone), all
 * of it inside the first product card's hydration task (docs/decisions/web-preact.md). The output
 * is the formatter's own, checked against it value by value in money.test.ts; what a price never
 * is (not finite, beyond what paise can count exactly) still goes to the formatter.
 */
export function formatInr(rupees: number, style: 'catalogue' | 'exact' = 'catalogue'): string {
  const abs = Math.abs(rupees);
  if (!Number.isFinite(rupees) || abs >= MAX_EXACT_RUPEES) return formatWithIntl(rupees, style);
  // Rounded half away from zero on the amount as it is written (1.005 → 1.01), as ICU does: the
  // double nearest to 1.005 is a hair below it, so the amount is read back at 15 digits first.
  const paise = Math.round(Number((abs * 100).toPrecision(15)));
  const whole = Math.floor(paise / 100);
  const fraction = paise % 100;
  const decimals =
    style === 'exact' || fraction % 10 !== 0
      ? `.${String(fraction).padStart(2, '0')}`
      : fraction !== 0
        ? `.${fraction / 10}`
        : '';
  // the sign as ICU writes it, on anything below zero: "-₹0" for -0.001 (and for -0)
  return `${rupees < 0 || Object.is(rupees, -0) ? '-' : ''}₹${groupIndian(String(whole))}${decimals}`;
}

/** Up to a lakh crore, 15 digits hold the paise and one more: beyond, ICU is the authority. */
const MAX_EXACT_RUPEES = 1e12;

/** "12345678" → "1,23,45,678": the last three digits, then pairs (lakh, crore). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.length % 2 ? [head.slice(0, 1)] : [];
  for (let i = head.length % 2; i < head.length; i += 2) pairs.push(head.slice(i, i + 2));
  return `${pairs.join(',')},${digits.slice(-3)}`;
}

const intlFormats = new Map<string, Intl.NumberFormat>();
function formatWithIntl(rupees: number, style: 'catalogue' | 'exact'): string {
  let format = intlFormats.get(style);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: style === 'exact' ? 2 : 0,
      maximumFractionDigits: 2,
    });
    intlFormats.set(style, format);
  }
  return format.format(rupees);
}

/** Integer paise as exact rupees: 123450 -> "₹1,234.50" (the nearest double rounds back). */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new Error(`Invalid amount in paise: ${paise}`);
  return formatInr(paiseToRupees(paise), 'exact');
}
