// The order's money in one pure step (docs/decisions/promotions.md, delivery-charges.md): the
// lines' prices, the discounts that exist, the Coupon code, the shopper's past uses and the
// store's delivery charge rule in; each line's discount, taxable value and GST, the delivery
// charge and the cash-on-delivery fee with their GST, the discount and the grand total out.
// The cart quote and POST /orders both call it (pricing.service.ts loads its inputs), so nothing
// else computes a total.

import type { DeliveryChargeQuote } from '@store/contracts/delivery-charges';
import type { CouponRefusal, DiscountKind } from '@store/contracts/discounts';
import { isIntraState, splitLineTax, type LineTax } from '@store/contracts/gst';
import {
  discountLabel,
  goodsShares,
  refusalMessage,
  refusalOf,
  type DiscountRule,
  type DiscountUsage,
  type RuleLine,
} from './discount-rules';

export type { DiscountRule, DiscountUsage } from './discount-rules';

/** One line as the catalogue prices it, with what the discounts and GST need. */
export interface PricingLine extends RuleLine {
  hsnCode: string;
  gstRateBp: number;
}

export interface PricingInput {
  lines: readonly PricingLine[];
  /** the store's automatic offers and the code's discount (any state: a refusal names why) */
  discounts: readonly DiscountRule[];
  /** as typed, normalised (contracts' normalizeCouponCode); null or '' without one */
  couponCode: string | null;
  /** uses by orders not cancelled, per discount id (missing: none) */
  usage: ReadonlyMap<string, DiscountUsage>;
  now: Date;
  /**
   * The delivery charge and COD fee of the goods as discounted: the lines' amounts after
   * discounts in, the quote out (shipping/delivery-charge.service.ts loadDeliveryCharger, the
   * one place the charge is decided). The threshold and the value bands read the order after
   * discounts, so it is asked for each set of discounts tried; a Free delivery discount then
   * waives the charge, never the COD fee (it pays for collecting the cash, not the carriage).
   */
  deliveryCharge: DeliveryCharger;
  /**
   * GST: the store's state (null: not registered, no GST; '' registered with no state: every
   * supply inter-state) and the place of supply (null when not known yet: split as inter-state,
   * which changes no total)
   */
  supplierState: string | null;
  shipToState: string | null;
}

/** A line priced: its gross (price × quantity), discount, what is paid for it, and its GST. */
export interface PricedLine extends PricingLine, LineTax {
  grossPaise: number;
  discountPaise: number;
  /** gross − discount: taxable + CGST + SGST + IGST */
  netPaise: number;
  /** which discount took how much of it */
  shares: { discountId: string; paise: number }[];
}

/** The delivery rule of the order being priced (pure, given the lines after discounts). */
export type DeliveryCharger = (
  lines: readonly { productId: string; quantity: number; amountPaise: number }[],
) => DeliveryChargeQuote;

/** GST inside a charge supplied with the goods (delivery, the COD fee); null when nothing is charged. */
export type ChargeTax = (LineTax & { hsnCode: string; rateBp: number }) | null;

export interface PricedDelivery {
  /** the delivery charge before discounts (0 while it needs a PIN: see `quote`) */
  chargePaise: number;
  /** waived by a Free delivery discount */
  waivedPaise: number;
  /** charged: chargePaise − waivedPaise */
  paise: number;
  /**
   * Its GST, when charged: delivery charged with the goods is part of one composite supply whose
   * principal supply is the goods, so it takes the rate (and HSN) of the order's highest-rated
   * line; null when nothing is charged.
   */
  tax: ChargeTax;
  /** the rule's answer: its basis and words ("Calculated from your PIN code"), toFreePaise */
  quote: DeliveryChargeQuote;
}

/** The cash-on-delivery fee: charged whatever the discounts, taxed like the delivery charge. */
export interface PricedCodFee {
  paise: number;
  tax: ChargeTax;
}

export interface AppliedDiscount {
  discountId: string;
  code: string | null;
  description: string;
  kind: DiscountKind;
  /** off the goods */
  goodsPaise: number;
  /** delivery waived */
  deliveryPaise: number;
}

export type CouponOutcome =
  | { code: string; applied: true; discountId: string }
  | { code: string; applied: false; reason: CouponRefusal; message: string };

export interface PricedOrder {
  lines: PricedLine[];
  subtotalPaise: number;
  /** off the goods (the lines' discounts added up) */
  discountPaise: number;
  delivery: PricedDelivery;
  codFee: PricedCodFee;
  /** subtotal − discount + delivery charged + COD fee */
  totalPaise: number;
  /** the automatic offer(s) and the code that were applied, in the order they were applied */
  applied: AppliedDiscount[];
  /** null without a code */
  coupon: CouponOutcome | null;
}

interface Applied {
  rule: DiscountRule;
  shares: number[];
  deliveryPaise: number;
}

interface Tried {
  applied: Applied[];
  /** the rule's quote for the goods as these discounts leave them */
  delivery: DeliveryChargeQuote;
  /** what the shopper would pay: goods after discounts + delivery not waived + COD fee */
  costPaise: number;
}

/**
 * Applies rules one after another, each to what the earlier ones left; then prices delivery on
 * the goods as discounted (the threshold and bands read the value after discounts), and the
 * first Free delivery rule waives that charge.
 */
function applyInTurn(
  rules: readonly DiscountRule[],
  lines: readonly PricingLine[],
  deliveryCharge: DeliveryCharger,
): Tried {
  const remaining = lines.map((l) => l.unitPricePaise * l.quantity);
  const goods = rules.map((rule) => {
    const shares = goodsShares(rule, lines, remaining);
    shares.forEach((s, i) => (remaining[i] = remaining[i]! - s));
    return shares;
  });
  const delivery = deliveryCharge(
    lines.map((l, i) => ({
      productId: l.productId,
      quantity: l.quantity,
      amountPaise: remaining[i]!,
    })),
  );
  let deliveryLeft = delivery.chargePaise ?? 0;
  const applied = rules.map((rule, i) => {
    const deliveryPaise = rule.kind === 'free_delivery' ? deliveryLeft : 0;
    deliveryLeft -= deliveryPaise;
    return { rule, shares: goods[i]!, deliveryPaise };
  });
  const goodsLeft = remaining.reduce((s, r) => s + r, 0);
  return { applied, delivery, costPaise: goodsLeft + deliveryLeft + delivery.codFeePaise };
}

const savingOf = (applied: readonly Applied[]) =>
  applied.reduce((s, a) => s + a.deliveryPaise + a.shares.reduce((x, y) => x + y, 0), 0);

/**
 * Which discounts apply: at most one Coupon code plus the automatic offers, the best for the
 * shopper when several apply. Automatic offers come in two kinds that combine: one off the goods
 * (Percentage, Fixed amount, Buy X get Y) and one Free delivery. The code is applied after the
 * automatic goods offer, to what it left; of the automatic goods offers, the one giving the
 * largest saving together with the code is taken (the earlier one on a tie).
 */
function chooseDiscounts(
  input: PricingInput,
  subtotalPaise: number,
): { tried: Tried; coupon: CouponOutcome | null } {
  const cart = { lines: input.lines, subtotalPaise, now: input.now };
  const usable = (rule: DiscountRule) =>
    refusalOf(rule, { ...cart, usage: input.usage.get(rule.id) }) === null;

  let coupon: CouponOutcome | null = null;
  let codeRule: DiscountRule | null = null;
  const code = input.couponCode?.trim() || null;
  if (code) {
    const rule = input.discounts.find((d) => d.code === code) ?? null;
    const reason = rule
      ? refusalOf(rule, { ...cart, usage: input.usage.get(rule.id) })
      : ('unknown' as const);
    if (reason === null && rule) {
      codeRule = rule;
      coupon = { code, applied: true, discountId: rule.id };
    } else {
      coupon = { code, applied: false, reason: reason!, message: refusalMessage(rule, reason!) };
    }
  }

  const automatic = input.discounts.filter((d) => d.code === null && usable(d));
  const delivery = automatic.find((d) => d.kind === 'free_delivery');
  const goodsOffers = automatic.filter((d) => d.kind !== 'free_delivery');
  const trailing = [...(codeRule ? [codeRule] : []), ...(delivery ? [delivery] : [])];
  // the code's own Free delivery comes after an automatic one: the waiver is counted once
  trailing.sort((a, b) => Number(a === codeRule) - Number(b === codeRule));

  // best for the shopper: the least to pay, delivery included (an offer that takes the order
  // below the free-delivery threshold may save less than the delivery it then costs)
  let best = applyInTurn(trailing, input.lines, input.deliveryCharge);
  for (const offer of goodsOffers) {
    const tried = applyInTurn([offer, ...trailing], input.lines, input.deliveryCharge);
    if (tried.costPaise < best.costPaise) best = tried;
  }
  // an automatic offer that ends up giving nothing is not listed; the code always is
  return {
    tried: {
      ...best,
      applied: best.applied.filter((a) => a.rule === codeRule || savingOf([a]) > 0),
    },
    coupon,
  };
}

/** The rate and HSN delivery is taxed at: the order's highest-rated line still charged for. */
export function principalSupply(
  lines: readonly Pick<PricedLine, 'netPaise' | 'gstRateBp' | 'hsnCode'>[],
): { hsnCode: string; rateBp: number } {
  const charged = lines.filter((l) => l.netPaise > 0);
  const pool = charged.length ? charged : lines;
  let best = pool[0];
  for (const l of pool) if (best && l.gstRateBp > best.gstRateBp) best = l;
  return { hsnCode: best?.hsnCode ?? '', rateBp: best?.gstRateBp ?? 0 };
}

/** The order's money: see the file's head. Pure: the same input always gives the same answer. */
export function priceOrder(input: PricingInput): PricedOrder {
  const gross = input.lines.map((l) => l.unitPricePaise * l.quantity);
  const subtotalPaise = gross.reduce((s, g) => s + g, 0);
  const { tried, coupon } = chooseDiscounts(input, subtotalPaise);
  const { applied } = tried;

  const registered = input.supplierState !== null;
  const intraState =
    registered &&
    input.supplierState !== '' &&
    input.shipToState !== null &&
    isIntraState(input.supplierState!, input.shipToState);
  const lines: PricedLine[] = input.lines.map((line, i) => {
    const shares = applied
      .map((a) => ({ discountId: a.rule.id, paise: a.shares[i]! }))
      .filter((s) => s.paise > 0);
    const discountPaise = shares.reduce((s, x) => s + x.paise, 0);
    const netPaise = gross[i]! - discountPaise;
    // a registered store charges GST on what the shopper pays for the line, after discounts;
    // prices are tax-inclusive, so the net is split into taxable value and tax
    const gstRateBp = registered ? line.gstRateBp : 0;
    return {
      ...line,
      gstRateBp,
      grossPaise: gross[i]!,
      discountPaise,
      netPaise,
      shares,
      ...splitLineTax(netPaise, gstRateBp, intraState),
    };
  });

  const chargePaise = tried.delivery.chargePaise ?? 0;
  const waivedPaise = applied.reduce((s, a) => s + a.deliveryPaise, 0);
  const deliveryPaise = chargePaise - waivedPaise;
  const principal = principalSupply(lines);
  const taxOf = (paise: number): ChargeTax =>
    paise > 0 ? { ...principal, ...splitLineTax(paise, principal.rateBp, intraState) } : null;
  const delivery: PricedDelivery = {
    chargePaise,
    waivedPaise,
    paise: deliveryPaise,
    tax: taxOf(deliveryPaise),
    // nothing more to add for free delivery once a discount waives it
    quote: waivedPaise > 0 ? { ...tried.delivery, toFreePaise: null } : tried.delivery,
  };
  const codFeePaise = tried.delivery.codFeePaise;
  const discountPaise = lines.reduce((s, l) => s + l.discountPaise, 0);
  return {
    lines,
    subtotalPaise,
    discountPaise,
    delivery,
    codFee: { paise: codFeePaise, tax: taxOf(codFeePaise) },
    totalPaise: subtotalPaise - discountPaise + deliveryPaise + codFeePaise,
    applied: applied.map((a) => ({
      discountId: a.rule.id,
      code: a.rule.code,
      description: discountLabel(a.rule),
      kind: a.rule.kind,
      goodsPaise: a.shares.reduce((s, x) => s + x, 0),
      deliveryPaise: a.deliveryPaise,
    })),
    coupon,
  };
}
