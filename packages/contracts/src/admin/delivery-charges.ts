import { z } from 'zod';
import { deliveryZoneIds, type DeliveryZone } from '../delivery';
import {
  DELIVERY_BANDS_MAX,
  DELIVERY_FEE_MAX_PAISE,
  DELIVERY_WEIGHT_STEP_MAX_GRAMS,
  type DeliveryChargeRules,
  type ZoneAmounts,
} from '../delivery-charges';
import { paiseToRupees, rupeesToPaise } from '../paise';
import { rupeesInputSchema } from './common';

/*
 * Store settings > Delivery charges, as the owner types them (rupees and grams). The pricing
 * reads them in paise (contracts/delivery-charges.ts); docs/decisions/delivery-charges.md.
 */

const FEE_MAX_RUPEES = paiseToRupees(DELIVERY_FEE_MAX_PAISE);
const feeMax = `At most ₹${FEE_MAX_RUPEES.toLocaleString('en-IN')}`;
const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** A charge in rupees, ₹0 to ₹10,000, at most two decimals. */
export const deliveryFeeSchema = z
  .number({ error: 'Enter an amount in rupees (0 for free)' })
  .min(0, 'Enter an amount of ₹0 or more')
  .max(FEE_MAX_RUPEES, feeMax)
  .refine(twoDecimals, 'Enter rupees with at most 2 decimals');

const zoneFeesSchema = z.object(
  Object.fromEntries(deliveryZoneIds.map((id) => [id, deliveryFeeSchema])) as Record<
    DeliveryZone,
    typeof deliveryFeeSchema
  >,
);

const grams = (what: string, min: number) => {
  const range = `Enter ${what} as whole grams from ${min} to ${DELIVERY_WEIGHT_STEP_MAX_GRAMS.toLocaleString('en-IN')}`;
  return z
    .number({ error: range })
    .int(range)
    .min(min, range)
    .max(DELIVERY_WEIGHT_STEP_MAX_GRAMS, range);
};

/** One band of the rate table: orders from `fromRupees` (after discounts) to the next band. */
export const deliveryBandSchema = z.object({
  fromRupees: rupeesInputSchema,
  charges: zoneFeesSchema,
});

export const deliveryWeightSchema = z.object({
  includedGrams: grams('the weight included', 0),
  stepGrams: grams('each further step', 1),
  stepCharges: zoneFeesSchema,
});

/**
 * The rate table (bands ascending from ₹0; none: free everywhere), the optional weight rule and
 * the free-delivery threshold. Every message sits on the field to fix.
 */
export const deliveryChargesSchema = z
  .object({
    bands: z
      .array(deliveryBandSchema)
      .max(DELIVERY_BANDS_MAX, `At most ${DELIVERY_BANDS_MAX} order-value bands`),
    weight: deliveryWeightSchema.nullable(),
    freeAboveRupees: rupeesInputSchema
      .refine((v) => v > 0, 'Enter an amount above ₹0, or leave it empty')
      .nullable(),
  })
  .superRefine(
    (v, ctx) => {
      // runs beside the fields' own messages (`when`), so it reads each start only if it is one
      const starts = v.bands.map((b) => (typeof b?.fromRupees === 'number' ? b.fromRupees : null));
      starts.forEach((from, i) => {
        if (from === null) return;
        if (i === 0 && from !== 0)
          ctx.addIssue({
            code: 'custom',
            path: ['bands', 0, 'fromRupees'],
            message: 'The first band starts at ₹0',
          });
        const previous = starts[i - 1];
        if (i > 0 && typeof previous === 'number' && from <= previous)
          ctx.addIssue({
            code: 'custom',
            path: ['bands', i, 'fromRupees'],
            message: `Start above the band before (₹${previous.toLocaleString('en-IN')})`,
          });
      });
    },
    { when: (payload) => Array.isArray((payload.value as { bands?: unknown } | null)?.bands) },
  );
export type DeliveryCharges = z.infer<typeof deliveryChargesSchema>;

/** A new store's: no bands, no weight rule, no threshold (free everywhere). */
export const noDeliveryCharges: DeliveryCharges = {
  bands: [],
  weight: null,
  freeAboveRupees: null,
};

const toPaise = (a: Record<DeliveryZone, number>) =>
  Object.fromEntries(deliveryZoneIds.map((id) => [id, rupeesToPaise(a[id])])) as ZoneAmounts;
const toRupees = (a: ZoneAmounts) =>
  Object.fromEntries(deliveryZoneIds.map((id) => [id, paiseToRupees(a[id])])) as Record<
    DeliveryZone,
    number
  >;

/** The form's values as stored (paise), with the COD fee kept beside them. */
export function deliveryChargeRulesFromForm(
  form: DeliveryCharges,
  codFeeRupees: number,
): DeliveryChargeRules {
  return {
    bands: form.bands.map((b) => ({
      fromPaise: rupeesToPaise(b.fromRupees),
      chargePaise: toPaise(b.charges),
    })),
    weight: form.weight && {
      includedGrams: form.weight.includedGrams,
      stepGrams: form.weight.stepGrams,
      stepChargePaise: toPaise(form.weight.stepCharges),
    },
    freeAbovePaise: form.freeAboveRupees === null ? null : rupeesToPaise(form.freeAboveRupees),
    codFeePaise: rupeesToPaise(codFeeRupees),
  };
}

/** The stored rules as the form shows them (rupees). */
export function deliveryChargesForm(rules: DeliveryChargeRules): DeliveryCharges {
  return {
    bands: rules.bands.map((b) => ({
      fromRupees: paiseToRupees(b.fromPaise),
      charges: toRupees(b.chargePaise),
    })),
    weight: rules.weight && {
      includedGrams: rules.weight.includedGrams,
      stepGrams: rules.weight.stepGrams,
      stepCharges: toRupees(rules.weight.stepChargePaise),
    },
    freeAboveRupees: rules.freeAbovePaise === null ? null : paiseToRupees(rules.freeAbovePaise),
  };
}
