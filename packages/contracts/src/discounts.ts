// Promotions: the words and plain rules the server, the back office and the storefront share
// (docs/decisions/promotions.md). No zod here: the storefront's cart reads the messages and the
// code rule without a validation library. The engine that applies discounts is the server's
// (apps/server/src/modules/pricing); nothing here computes a total.

import { IST_OFFSET_MS } from './delivery';
import { formatPaise } from './money';

/** What a discount does: a share off, an amount off, the delivery charge waived, or free units. */
export const discountKinds = ['percentage', 'fixed', 'free_delivery', 'buy_x_get_y'] as const;
export type DiscountKind = (typeof discountKinds)[number];

/** The back office's words for them (the Type select). */
export const discountKindLabels: Readonly<Record<DiscountKind, string>> = {
  percentage: 'Percentage',
  fixed: 'Fixed amount',
  free_delivery: 'Free delivery',
  buy_x_get_y: 'Buy X get Y',
};

/** Which lines a discount may reduce. */
export const discountScopes = ['all', 'categories', 'products'] as const;
export type DiscountScope = (typeof discountScopes)[number];
export const discountScopeLabels: Readonly<Record<DiscountScope, string>> = {
  all: 'Everything',
  categories: 'Categories',
  products: 'Products',
};

export const COUPON_CODE_MIN = 3;
export const COUPON_CODE_MAX = 30;
/** A code as stored: upper-case letters, digits, - and _, 3 to 30 characters. */
export const couponCodePattern = /^[A-Z0-9][A-Z0-9_-]{2,29}$/;
/** The most a shopper may type in the Coupon code field (a longer one is junk, refused at once). */
export const COUPON_INPUT_MAX = 64;

/** A code as typed, the way it is stored and compared: no spaces, upper case ("save 10" → SAVE10). */
export function normalizeCouponCode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** Why a code does not apply to a cart: the code a client may branch on. */
export const couponRefusals = [
  'unknown',
  'inactive',
  'not_started',
  'expired',
  'min_order',
  'min_quantity',
  'used_up',
  'customer_limit',
  'not_applicable',
] as const;
export type CouponRefusal = (typeof couponRefusals)[number];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A moment as the shop's day (and time, unless it is midnight) in India: "5 Nov 2026" or
 * "5 Nov 2026, 6:30 pm". Written out, not with Intl: the same words on every server and browser.
 */
export function formatShopMoment(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const day = `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
  const h = ist.getUTCHours();
  const m = ist.getUTCMinutes();
  if (h === 0 && m === 0) return day;
  return `${day}, ${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** The sentence a shopper reads when a code does not apply (the cart, the checkout, a 409). */
export const couponMessages = {
  unknown: 'This code is not valid',
  inactive: 'This code is no longer active',
  notStarted: (startsAt: Date) => `This code can be used from ${formatShopMoment(startsAt)}`,
  expired: (endsAt: Date) => `This code expired on ${formatShopMoment(endsAt)}`,
  minOrder: (minOrderPaise: number) =>
    `This code needs an order of ${formatRupeesShort(minOrderPaise)} or more`,
  minQuantity: (units: number) =>
    `This code needs ${units} or more of the items it applies to in your cart`,
  usedUp: 'This code has been used up',
  customerLimit: (limit: number) =>
    limit === 1
      ? 'You have already used this code'
      : `You have already used this code ${limit} times, the most it allows`,
  notApplicable: 'This code is not valid for the items in your cart',
} as const;

/** ₹999 or ₹99.50: whole rupees without decimals, as a shop writes a threshold. */
export function formatRupeesShort(paise: number): string {
  const exact = formatPaise(paise);
  return exact.endsWith('.00') ? exact.slice(0, -3) : exact;
}

/** The fields of a discount its description is made from. */
export interface DiscountRuleText {
  kind: DiscountKind;
  /** percentage and buy X get Y: basis points off (1000 = 10%; 10000 = free) */
  percentBp: number | null;
  /** fixed: paise off */
  amountPaise: number | null;
  buyQuantity: number | null;
  getQuantity: number | null;
  minOrderPaise: number;
  scope: DiscountScope;
}

const percentText = (bp: number) => `${String(bp / 100)}%`;

/**
 * What a discount gives, in a shopper's words, when the owner gave it no name: "10% off orders of
 * ₹999 or more", "₹100 off selected items", "Free delivery", "Buy 2 get 1 free".
 */
export function describeDiscount(d: DiscountRuleText): string {
  const on = d.scope === 'all' ? '' : ' selected items';
  let text: string;
  switch (d.kind) {
    case 'percentage':
      text = `${percentText(d.percentBp ?? 0)} off${on}`;
      break;
    case 'fixed':
      text = `${formatRupeesShort(d.amountPaise ?? 0)} off${on}`;
      break;
    case 'free_delivery':
      text = 'Free delivery';
      break;
    case 'buy_x_get_y': {
      const off =
        d.percentBp === null || d.percentBp >= 10_000
          ? 'free'
          : `at ${percentText(d.percentBp)} off`;
      text = `Buy ${d.buyQuantity ?? 1} get ${d.getQuantity ?? 1} ${off}${d.scope === 'all' ? '' : ' on selected items'}`;
      break;
    }
  }
  return d.minOrderPaise > 0
    ? `${text} on orders of ${formatRupeesShort(d.minOrderPaise)} or more`
    : text;
}

/**
 * The back office's Starts and Ends are typed as the shop's local date and time ("2026-11-01T00:00",
 * a datetime-local input) and stored as instants: India keeps one offset all year (+05:30).
 */
export const shopLocalPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** "2026-11-01T00:00" in India → the instant; null when it is no real date and time. */
export function shopLocalToDate(local: string): Date | null {
  if (!shopLocalPattern.test(local)) return null;
  const utc = new Date(`${local}:00Z`);
  if (Number.isNaN(utc.getTime()) || utc.toISOString().slice(0, 16) !== local) return null;
  return new Date(utc.getTime() - IST_OFFSET_MS);
}

/** An instant as the shop's local "YYYY-MM-DDTHH:mm" (what a datetime-local input holds). */
export function dateToShopLocal(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16);
}
