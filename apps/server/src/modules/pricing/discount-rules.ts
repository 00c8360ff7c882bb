// One discount's rules, pure: whether it applies to a cart (and why not), and what it takes off
// which line. price-order.ts chooses and combines them (docs/decisions/promotions.md).

import {
  couponMessages,
  describeDiscount,
  type CouponRefusal,
  type DiscountKind,
  type DiscountScope,
} from '@store/contracts/discounts';
import { allocateByValue, percentOf } from './allocate';

/** A discount as the pricing step reads it (one row of `discounts`). */
export interface DiscountRule {
  id: string;
  /** null: an automatic offer */
  code: string | null;
  name: string;
  kind: DiscountKind;
  percentBp: number | null;
  amountPaise: number | null;
  buyQuantity: number | null;
  getQuantity: number | null;
  appliesTo: DiscountScope;
  categoryIds: readonly string[];
  productIds: readonly string[];
  minOrderPaise: number;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  active: boolean;
}

/** Uses of a discount by orders not cancelled: in all, and by this shopper. */
export interface DiscountUsage {
  total: number;
  byCustomer: number;
}

/** What a rule looks at in a line. */
export interface RuleLine {
  productId: string;
  categoryId: string | null;
  quantity: number;
  unitPricePaise: number;
}

/** What a shopper reads as a discount's name: the owner's, else its rule in words. */
export function discountLabel(rule: DiscountRule): string {
  return rule.name.trim() || describeDiscount({ ...rule, scope: rule.appliesTo });
}

export function appliesToLine(rule: DiscountRule, line: RuleLine): boolean {
  if (rule.appliesTo === 'all') return true;
  if (rule.appliesTo === 'products') return rule.productIds.includes(line.productId);
  return line.categoryId !== null && rule.categoryIds.includes(line.categoryId);
}

/** Why a discount does not apply to this cart now, or null when it does. */
export function refusalOf(
  rule: DiscountRule,
  cart: {
    lines: readonly RuleLine[];
    subtotalPaise: number;
    usage: DiscountUsage | undefined;
    now: Date;
  },
): CouponRefusal | null {
  if (!rule.active) return 'inactive';
  if (cart.now < rule.startsAt) return 'not_started';
  if (rule.endsAt && cart.now >= rule.endsAt) return 'expired';
  const usage = cart.usage ?? { total: 0, byCustomer: 0 };
  if (rule.usageLimit !== null && usage.total >= rule.usageLimit) return 'used_up';
  if (rule.perCustomerLimit !== null && usage.byCustomer >= rule.perCustomerLimit)
    return 'customer_limit';
  if (cart.subtotalPaise < rule.minOrderPaise) return 'min_order';
  const eligible = cart.lines.filter((l) => appliesToLine(rule, l));
  if (eligible.length === 0) return 'not_applicable';
  if (rule.kind === 'buy_x_get_y') {
    const units = eligible.reduce((n, l) => n + l.quantity, 0);
    if (units < (rule.buyQuantity ?? 1) + (rule.getQuantity ?? 1)) return 'min_quantity';
  }
  return null;
}

/** The sentence for a refusal (contracts' couponMessages), with the rule's own numbers. */
export function refusalMessage(rule: DiscountRule | null, reason: CouponRefusal): string {
  switch (reason) {
    case 'unknown':
      return couponMessages.unknown;
    case 'inactive':
      return couponMessages.inactive;
    case 'not_started':
      return couponMessages.notStarted(rule!.startsAt);
    case 'expired':
      return couponMessages.expired(rule!.endsAt!);
    case 'min_order':
      return couponMessages.minOrder(rule!.minOrderPaise);
    case 'min_quantity':
      return couponMessages.minQuantity((rule!.buyQuantity ?? 1) + (rule!.getQuantity ?? 1));
    case 'used_up':
      return couponMessages.usedUp;
    case 'customer_limit':
      return couponMessages.customerLimit(rule!.perCustomerLimit ?? 1);
    case 'not_applicable':
      return couponMessages.notApplicable;
  }
}

/**
 * What a goods discount takes off each line, given what is left of each line (`remaining`, after
 * discounts applied before it): never more than a line has left, and the shares add up exactly.
 *  - Percentage: the percentage of what is left of the lines it applies to, spread by value.
 *  - Fixed amount: the amount, at most what those lines have left, spread by value.
 *  - Buy X get Y: in every X + Y units it applies to, Y are reduced by the percentage (100: free);
 *    the cheapest units are the ones reduced, as shops do.
 * Free delivery takes nothing off the goods.
 */
export function goodsShares(
  rule: DiscountRule,
  lines: readonly RuleLine[],
  remaining: readonly number[],
): number[] {
  const eligible = lines.map((l) => appliesToLine(rule, l));
  const caps = remaining.map((r, i) => (eligible[i] ? Math.max(0, r) : 0));
  const base = caps.reduce((s, c) => s + c, 0);
  switch (rule.kind) {
    case 'free_delivery':
      return lines.map(() => 0);
    case 'percentage':
      return allocateByValue(percentOf(base, rule.percentBp ?? 0), caps);
    case 'fixed':
      return allocateByValue(Math.min(rule.amountPaise ?? 0, base), caps);
    case 'buy_x_get_y':
      return buyXGetYShares(rule, lines, caps);
  }
}

function buyXGetYShares(rule: DiscountRule, lines: readonly RuleLine[], caps: number[]): number[] {
  const group = (rule.buyQuantity ?? 1) + (rule.getQuantity ?? 1);
  const units = lines.reduce((n, l, i) => n + (caps[i]! > 0 ? l.quantity : 0), 0);
  let free = Math.floor(units / group) * (rule.getQuantity ?? 1);
  // the cheapest units first; the earlier line first among equal prices
  const cheapestFirst = lines
    .map((l, i) => ({ l, i }))
    .filter(({ i }) => caps[i]! > 0)
    .sort((a, b) => a.l.unitPricePaise - b.l.unitPricePaise || a.i - b.i);
  const shares = lines.map(() => 0);
  for (const { l, i } of cheapestFirst) {
    if (free === 0) break;
    const take = Math.min(free, l.quantity);
    free -= take;
    // of what is left of the line (an earlier offer may have reduced it), the part these units
    // are worth, reduced by the percentage
    const worth = Number((BigInt(caps[i]!) * BigInt(take)) / BigInt(l.quantity));
    shares[i] = Math.min(caps[i]!, percentOf(worth, rule.percentBp ?? 10_000));
  }
  return shares;
}
