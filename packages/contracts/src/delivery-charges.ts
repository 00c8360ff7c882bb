/**
 * What delivery costs: the store's rate table by zone and order value (and weight), free delivery
 * above a threshold, and the cash-on-delivery fee. Zod-free: the server prices with it and the
 * storefront may show its words without pulling zod in. The zones are the estimates' own
 * (`deliveryZoneFor` in delivery.ts). Decisions: docs/decisions/delivery-charges.md.
 */
import { deliveryZoneIds, deliveryZoneLabels, type DeliveryZone } from './delivery';
import { formatInr } from './money';
import { paiseToRupees } from './paise';

/** An amount in paise for each of the five zones. */
export type ZoneAmounts = Record<DeliveryZone, number>;

/** One order-value band: orders from `fromPaise` (after discounts) up to the next band's start. */
export interface DeliveryRateBand {
  fromPaise: number;
  chargePaise: ZoneAmounts;
}

/**
 * Weight, the couriers' way: the band's charge covers the first `includedGrams` of the parcel;
 * each further `stepGrams` or part of it adds the zone's `stepChargePaise`.
 */
export interface DeliveryWeightRule {
  includedGrams: number;
  stepGrams: number;
  stepChargePaise: ZoneAmounts;
}

/** A store's delivery charges, in paise and grams (the owner types rupees: admin/settings.ts). */
export interface DeliveryChargeRules {
  /** ascending by `fromPaise`, the first from 0; none: delivery is free everywhere */
  bands: DeliveryRateBand[];
  weight: DeliveryWeightRule | null;
  /** an order of this value or more (after discounts) ships free; null: no threshold */
  freeAbovePaise: number | null;
  /** added to every cash-on-delivery order, free delivery or not */
  codFeePaise: number;
}

/** A new store: no rates, no threshold, no fee, so delivery is "Free" everywhere (the spec's word). */
export const freeDeliveryEverywhere: DeliveryChargeRules = {
  bands: [],
  weight: null,
  freeAbovePaise: null,
  codFeePaise: 0,
};

/** The most one band, one weight step or the COD fee may charge: ₹10,000. */
export const DELIVERY_FEE_MAX_PAISE = 10_000_00;
/** The most the delivery charge of one order may come to, however heavy: ₹1,00,000. */
export const DELIVERY_CHARGE_MAX_PAISE = 1_00_000_00;
/** Bands a rate table may have. */
export const DELIVERY_BANDS_MAX = 20;
/** The largest weight step or weight included, in grams (100 kg). */
export const DELIVERY_WEIGHT_STEP_MAX_GRAMS = 100_000;
/** The heaviest a product may be, in grams (1 tonne). */
export const PRODUCT_WEIGHT_MAX_GRAMS = 1_000_000;

const isAmount = (v: unknown, max: number): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= max;

function zoneAmountsOf(stored: unknown, max: number): ZoneAmounts | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const amounts = {} as ZoneAmounts;
  for (const id of deliveryZoneIds) {
    const v = (stored as Record<string, unknown>)[id];
    if (!isAmount(v, max)) return null;
    amounts[id] = v;
  }
  return amounts;
}

/**
 * The stored rules as the pricing reads them. The settings check every value before saving; a
 * value that still does not hold (a hand-edited row) drops the part it belongs to rather than
 * charging something the owner never set: a bad table is no table (free), a bad weight rule none.
 */
export function deliveryChargeRulesOf(stored: {
  rates: { bands?: unknown; weight?: unknown } | null | undefined;
  freeAbovePaise: number | null | undefined;
  codFeePaise: number | null | undefined;
}): DeliveryChargeRules {
  const bands: DeliveryRateBand[] = [];
  const rawBands = Array.isArray(stored.rates?.bands) ? (stored.rates.bands as unknown[]) : [];
  for (const raw of rawBands.slice(0, DELIVERY_BANDS_MAX)) {
    const band = raw as { fromPaise?: unknown; chargePaise?: unknown } | null;
    const chargePaise = zoneAmountsOf(band?.chargePaise, DELIVERY_FEE_MAX_PAISE);
    const from = band?.fromPaise;
    const previous = bands.at(-1);
    const ordered = previous
      ? isAmount(from, Number.MAX_SAFE_INTEGER) && from > previous.fromPaise
      : from === 0;
    if (!chargePaise || !ordered) {
      bands.length = 0;
      break;
    }
    bands.push({ fromPaise: from as number, chargePaise });
  }
  const w = stored.rates?.weight as Partial<Record<keyof DeliveryWeightRule, unknown>> | null;
  const stepChargePaise = w ? zoneAmountsOf(w.stepChargePaise, DELIVERY_FEE_MAX_PAISE) : null;
  const weight =
    w &&
    stepChargePaise &&
    isAmount(w.includedGrams, DELIVERY_WEIGHT_STEP_MAX_GRAMS) &&
    isAmount(w.stepGrams, DELIVERY_WEIGHT_STEP_MAX_GRAMS) &&
    w.stepGrams > 0
      ? { includedGrams: w.includedGrams, stepGrams: w.stepGrams, stepChargePaise }
      : null;
  const free = stored.freeAbovePaise;
  return {
    bands,
    weight,
    freeAbovePaise: isAmount(free, Number.MAX_SAFE_INTEGER) && free > 0 ? free : null,
    codFeePaise: isAmount(stored.codFeePaise, DELIVERY_FEE_MAX_PAISE) ? stored.codFeePaise : 0,
  };
}

/** Whether the rules can charge for delivery at all (a threshold alone, or all-₹0 rates, cannot). */
export function chargesForDelivery(rules: DeliveryChargeRules): boolean {
  const some = (a: ZoneAmounts) => deliveryZoneIds.some((id) => a[id] > 0);
  return (
    rules.bands.some((b) => some(b.chargePaise)) ||
    (!!rules.weight && some(rules.weight.stepChargePaise))
  );
}

/** A parcel's weight as a shopper reads it: "850 g", "1.25 kg", "12 kg". */
export function formatWeight(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  // to 10 g, written without Intl (the storefront's entry chunk avoids its cost: money.ts)
  return `${Math.round(grams / 10) / 100} kg`;
}

/** One priced line: its weight per unit in grams (null: the product has none) and its quantity. */
export interface WeighedLine {
  weightGrams: number | null;
  quantity: number;
}

/** The parcel's known weight, and how many lines had none (they add nothing: see the record). */
export function parcelWeight(lines: readonly WeighedLine[]): {
  grams: number;
  unweighedLines: number;
} {
  let grams = 0;
  let unweighedLines = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 0)
      throw new RangeError(
        `A line's quantity must be a whole number of 0 or more: ${line.quantity}`,
      );
    if (line.weightGrams === null) {
      unweighedLines += 1;
      continue;
    }
    if (!Number.isSafeInteger(line.weightGrams) || line.weightGrams < 0)
      throw new RangeError(`A weight must be whole grams of 0 or more: ${line.weightGrams}`);
    grams += line.weightGrams * line.quantity;
  }
  return { grams, unweighedLines };
}

/** What a delivery costs and why: the server's answer, the Delivery line's words. */
export interface DeliveryChargeQuote {
  /** the destination's zone; null when no PIN was given */
  zone: DeliveryZone | null;
  /** paise; null only without a PIN, when the charge differs by zone */
  chargePaise: number | null;
  /** paise; the cash-on-delivery fee, 0 unless the order is paid cash on delivery */
  codFeePaise: number;
  /**
   * free: the store charges nothing for delivery (a new store); freeAbove: the order reached the
   * threshold; rate: the zone's band (and weight); needsPin: the charge depends on the PIN
   */
  basis: 'free' | 'freeAbove' | 'rate' | 'needsPin';
  /** what the Delivery line says beside (or instead of) the amount */
  label: string;
  /** paise more (after discounts) that would make delivery free; null when nothing would */
  toFreePaise: number | null;
  /** the parcel's known weight in grams, and the lines without a weight (they weigh nothing here) */
  weightGrams: number;
  unweighedLines: number;
}

export interface DeliveryChargeInput {
  rules: DeliveryChargeRules;
  /** the destination's zone (deliveryZoneFor of the dispatch PIN and the ship-to PIN); null: no PIN yet */
  zone: DeliveryZone | null;
  /** the goods' value after discounts, in paise */
  orderValuePaise: number;
  lines: readonly WeighedLine[];
  cashOnDelivery: boolean;
}

export const freeDeliveryLabel = 'Free';
export const freeAboveLabel = (paise: number) =>
  `Free on orders from ${formatInr(paiseToRupees(paise))}`;
export const needsPinLabel = 'Calculated from your PIN code';
export const codFeeLabel = 'Cash on delivery fee';
/** A charge the same in every zone, quoted before the PIN is known. */
export const allOfIndiaLabel = 'All of India';

/** The band an order of `value` paise falls in: the last one starting at or below it. */
function bandFor(bands: readonly DeliveryRateBand[], value: number): DeliveryRateBand | null {
  let found: DeliveryRateBand | null = null;
  for (const band of bands) {
    if (band.fromPaise > value) break;
    found = band;
  }
  return found;
}

/** The zone's charge: its band's, plus a step for each further stepGrams (or part) past the included. */
function zoneCharge(rules: DeliveryChargeRules, zone: DeliveryZone, value: number, grams: number) {
  const base = bandFor(rules.bands, value)?.chargePaise[zone] ?? 0;
  const w = rules.weight;
  const steps =
    w && grams > w.includedGrams ? Math.ceil((grams - w.includedGrams) / w.stepGrams) : 0;
  // a float past 2^53 only ever exceeds the cap: the cap is what is charged then
  return Math.min(DELIVERY_CHARGE_MAX_PAISE, base + (w ? steps * w.stepChargePaise[zone] : 0));
}

/**
 * The delivery charge and the COD fee of an order. Linear in the lines and the bands.
 *
 * - No rates (a new store) or rates that are all ₹0: "Free" everywhere.
 * - An order whose value after discounts is at least the threshold: free, whatever its zone or
 *   weight ("Free on orders from ₹999").
 * - Otherwise the band the value falls in gives the zone's charge; with a weight rule, each
 *   further step of the parcel past the included grams adds the zone's step charge. A product
 *   without a weight adds nothing to the parcel (docs/decisions/delivery-charges.md).
 * - Without a zone (no PIN yet), one charge when every zone has the same, else `needsPin`.
 * - Cash on delivery adds the COD fee, also when delivery is free.
 */
export function deliveryChargeFor(input: DeliveryChargeInput): DeliveryChargeQuote {
  const { rules, zone, orderValuePaise: value } = input;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`The order value must be whole paise of 0 or more: ${value}`);
  const { grams, unweighedLines } = parcelWeight(input.lines);
  const codFeePaise = input.cashOnDelivery ? rules.codFeePaise : 0;
  const common = { zone, codFeePaise, weightGrams: grams, unweighedLines };
  if (!chargesForDelivery(rules))
    return {
      ...common,
      chargePaise: 0,
      basis: 'free',
      label: freeDeliveryLabel,
      toFreePaise: null,
    };
  const free = rules.freeAbovePaise;
  if (free !== null && value >= free)
    return {
      ...common,
      chargePaise: 0,
      basis: 'freeAbove',
      label: freeAboveLabel(free),
      toFreePaise: null,
    };
  const toFreePaise = free === null ? null : free - value;
  const weighed = rules.weight && grams > 0 ? ` · ${formatWeight(grams)}` : '';
  if (zone !== null) {
    const chargePaise = zoneCharge(rules, zone, value, grams);
    const label = `${deliveryZoneLabels[zone]}${weighed}`;
    // nothing to add for a delivery that costs nothing already
    return {
      ...common,
      chargePaise,
      basis: 'rate',
      label,
      toFreePaise: chargePaise ? toFreePaise : null,
    };
  }
  const charges = deliveryZoneIds.map((id) => zoneCharge(rules, id, value, grams));
  const [first] = charges as [number];
  if (charges.every((c) => c === first)) {
    const label = `${allOfIndiaLabel}${weighed}`;
    return {
      ...common,
      chargePaise: first,
      basis: 'rate',
      label,
      toFreePaise: first ? toFreePaise : null,
    };
  }
  return { ...common, chargePaise: null, basis: 'needsPin', label: needsPinLabel, toFreePaise };
}
