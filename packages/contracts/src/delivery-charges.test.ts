import { describe, expect, it } from 'vitest';
import { deliveryZoneIds, type DeliveryZone } from './delivery';
import {
  chargesForDelivery,
  DELIVERY_CHARGE_MAX_PAISE,
  deliveryChargeFor,
  deliveryChargeRulesOf,
  formatWeight,
  freeDeliveryEverywhere,
  parcelWeight,
  type DeliveryChargeInput,
  type DeliveryChargeRules,
  type ZoneAmounts,
} from './delivery-charges';

/** The same amount in rupees for every zone, or per zone. */
const zones = (rupees: number | Partial<Record<DeliveryZone, number>>): ZoneAmounts =>
  Object.fromEntries(
    deliveryZoneIds.map((id) => [
      id,
      Math.round((typeof rupees === 'number' ? rupees : (rupees[id] ?? 0)) * 100),
    ]),
  ) as ZoneAmounts;

/** ₹60 same city, ₹80 same state, ₹90 metro, ₹120 rest of India, ₹180 North-East under ₹500; half from ₹500. */
const table: DeliveryChargeRules = {
  bands: [
    {
      fromPaise: 0,
      chargePaise: zones({
        sameCity: 60,
        sameState: 80,
        metro: 90,
        restOfIndia: 120,
        northEastAndIslands: 180,
      }),
    },
    {
      fromPaise: 500_00,
      chargePaise: zones({
        sameCity: 30,
        sameState: 40,
        metro: 45,
        restOfIndia: 60,
        northEastAndIslands: 90,
      }),
    },
  ],
  weight: null,
  freeAbovePaise: 999_00,
  codFeePaise: 40_00,
};

const quote = (over: Partial<DeliveryChargeInput> = {}) =>
  deliveryChargeFor({
    rules: table,
    zone: 'restOfIndia',
    orderValuePaise: 250_00,
    lines: [{ weightGrams: null, quantity: 1 }],
    cashOnDelivery: false,
    ...over,
  });

describe('a new store: free delivery everywhere', () => {
  it('says "Free" in every zone, for any value and weight, and without a PIN', () => {
    for (const zone of [...deliveryZoneIds, null]) {
      expect(
        deliveryChargeFor({
          rules: freeDeliveryEverywhere,
          zone,
          orderValuePaise: 40_00,
          lines: [{ weightGrams: 25_000, quantity: 3 }],
          cashOnDelivery: false,
        }),
      ).toMatchObject({
        chargePaise: 0,
        codFeePaise: 0,
        basis: 'free',
        label: 'Free',
        toFreePaise: null,
      });
    }
  });
  it('is what a store row with nothing set reads as', () => {
    expect(deliveryChargeRulesOf({ rates: null, freeAbovePaise: null, codFeePaise: 0 })).toEqual(
      freeDeliveryEverywhere,
    );
  });
  it('a threshold alone, or rates of ₹0 everywhere, charge nothing either', () => {
    const thresholdOnly = { ...freeDeliveryEverywhere, freeAbovePaise: 999_00 };
    expect(chargesForDelivery(thresholdOnly)).toBe(false);
    expect(quote({ rules: thresholdOnly })).toMatchObject({
      chargePaise: 0,
      basis: 'free',
      toFreePaise: null,
    });
    const zero = { ...freeDeliveryEverywhere, bands: [{ fromPaise: 0, chargePaise: zones(0) }] };
    expect(quote({ rules: zero })).toMatchObject({ chargePaise: 0, basis: 'free', label: 'Free' });
  });
});

describe('the rate table: zone × order value', () => {
  it('charges the zone’s rate of the band the value falls in', () => {
    expect(quote({ zone: 'sameCity' })).toMatchObject({
      chargePaise: 60_00,
      basis: 'rate',
      label: 'Same city',
    });
    expect(quote({ zone: 'northEastAndIslands' })).toMatchObject({
      chargePaise: 180_00,
      label: 'North-East and islands',
    });
    expect(quote({ zone: 'metro', orderValuePaise: 700_00 }).chargePaise).toBe(45_00);
  });
  it('a band starts at its own value: ₹499.99 is the first band, ₹500.00 the second', () => {
    expect(quote({ orderValuePaise: 499_99 }).chargePaise).toBe(120_00);
    expect(quote({ orderValuePaise: 500_00 }).chargePaise).toBe(60_00);
    expect(quote({ orderValuePaise: 0 }).chargePaise).toBe(120_00);
  });
  it('says how much more makes delivery free', () => {
    expect(quote({ orderValuePaise: 900_00 }).toFreePaise).toBe(99_00);
    expect(quote({ rules: { ...table, freeAbovePaise: null } }).toFreePaise).toBeNull();
  });
  it('a zone charged ₹0 by its band owes nothing and needs nothing more', () => {
    const rules = {
      ...table,
      bands: [{ fromPaise: 0, chargePaise: zones({ restOfIndia: 50, sameCity: 0 }) }],
    };
    expect(quote({ rules, zone: 'sameCity' })).toMatchObject({ chargePaise: 0, toFreePaise: null });
  });
});

describe('free delivery above the threshold', () => {
  it('is free from exactly the threshold (₹999.00), not a paisa below', () => {
    expect(quote({ orderValuePaise: 999_00 })).toMatchObject({
      chargePaise: 0,
      basis: 'freeAbove',
      label: 'Free on orders from ₹999',
      toFreePaise: null,
    });
    expect(quote({ orderValuePaise: 998_99 })).toMatchObject({
      chargePaise: 60_00,
      basis: 'rate',
      toFreePaise: 1,
    });
  });
  it('holds in every zone and whatever the parcel weighs', () => {
    const rules = {
      ...table,
      weight: { includedGrams: 500, stepGrams: 500, stepChargePaise: zones(40) },
    };
    for (const zone of deliveryZoneIds) {
      expect(
        quote({
          rules,
          zone,
          orderValuePaise: 5_000_00,
          lines: [{ weightGrams: 20_000, quantity: 2 }],
        }).chargePaise,
      ).toBe(0);
    }
  });
  it('is free without a PIN too', () => {
    expect(quote({ zone: null, orderValuePaise: 1_200_00 })).toMatchObject({
      zone: null,
      chargePaise: 0,
      basis: 'freeAbove',
    });
  });
});

describe('weight', () => {
  const rules: DeliveryChargeRules = {
    ...table,
    freeAbovePaise: null,
    weight: {
      includedGrams: 500,
      stepGrams: 500,
      stepChargePaise: zones({ restOfIndia: 40, metro: 30 }),
    },
  };
  const weighing = (grams: number, quantity = 1) =>
    quote({ rules, lines: [{ weightGrams: grams, quantity }] });

  it('the band’s charge covers the included grams: 500 g costs the band alone', () => {
    expect(weighing(500)).toMatchObject({ chargePaise: 120_00, weightGrams: 500 });
  });
  it('each further 500 g or part of it adds the zone’s step: 501 g, 1000 g, 1001 g', () => {
    expect(weighing(501).chargePaise).toBe(160_00);
    expect(weighing(1000).chargePaise).toBe(160_00);
    expect(weighing(1001).chargePaise).toBe(200_00);
  });
  it('counts every unit of a line and every line', () => {
    const q = quote({
      rules,
      zone: 'metro',
      lines: [
        { weightGrams: 300, quantity: 3 },
        { weightGrams: 250, quantity: 2 },
      ],
    });
    // 1400 g: two steps past 500 g at ₹30 on the metro band of ₹90
    expect(q).toMatchObject({
      weightGrams: 1400,
      chargePaise: 150_00,
      label: 'Metro cities · 1.4 kg',
    });
  });
  it('a product without a weight adds nothing, and the quote says how many lines had none', () => {
    const q = quote({
      rules,
      lines: [
        { weightGrams: 400, quantity: 1 },
        { weightGrams: null, quantity: 5 },
      ],
    });
    expect(q).toMatchObject({ weightGrams: 400, unweighedLines: 1, chargePaise: 120_00 });
    expect(q.label).toBe('Rest of India · 400 g');
  });
  it('no product with a weight: the bands alone', () => {
    expect(quote({ rules, lines: [{ weightGrams: null, quantity: 4 }] })).toMatchObject({
      chargePaise: 120_00,
      weightGrams: 0,
      unweighedLines: 1,
      label: 'Rest of India',
    });
  });
  it('a weight rule without bands charges the steps alone', () => {
    const steps = { ...rules, bands: [] };
    expect(quote({ rules: steps, lines: [{ weightGrams: 1200, quantity: 1 }] }).chargePaise).toBe(
      80_00,
    );
    expect(quote({ rules: steps, lines: [{ weightGrams: 200, quantity: 1 }] }).chargePaise).toBe(0);
  });
  it('never charges past the cap, however heavy the parcel', () => {
    const q = quote({
      rules: {
        ...rules,
        weight: { includedGrams: 0, stepGrams: 1, stepChargePaise: zones(10_000) },
      },
      lines: Array.from({ length: 50 }, () => ({ weightGrams: 1_000_000, quantity: 99 })),
    });
    expect(q.chargePaise).toBe(DELIVERY_CHARGE_MAX_PAISE);
    expect(Number.isSafeInteger(q.weightGrams)).toBe(true);
  });
});

describe('cash on delivery', () => {
  it('adds the fee to a cash-on-delivery order only', () => {
    expect(quote({ cashOnDelivery: true })).toMatchObject({
      chargePaise: 120_00,
      codFeePaise: 40_00,
    });
    expect(quote({ cashOnDelivery: false }).codFeePaise).toBe(0);
  });
  it('the fee stays when delivery is free (threshold, or a store without rates)', () => {
    expect(quote({ cashOnDelivery: true, orderValuePaise: 2_000_00 })).toMatchObject({
      chargePaise: 0,
      codFeePaise: 40_00,
    });
    const feeOnly = { ...freeDeliveryEverywhere, codFeePaise: 25_00 };
    expect(quote({ rules: feeOnly, cashOnDelivery: true })).toMatchObject({
      chargePaise: 0,
      basis: 'free',
      codFeePaise: 25_00,
    });
  });
});

describe('without a PIN', () => {
  it('needs the PIN when zones differ', () => {
    expect(quote({ zone: null })).toMatchObject({
      zone: null,
      chargePaise: null,
      basis: 'needsPin',
      label: 'Calculated from your PIN code',
      toFreePaise: 749_00,
    });
  });
  it('one flat rate everywhere is known already', () => {
    const flat = { ...table, bands: [{ fromPaise: 0, chargePaise: zones(50) }] };
    expect(quote({ rules: flat, zone: null })).toMatchObject({
      chargePaise: 50_00,
      basis: 'rate',
      label: 'All of India',
    });
  });
});

describe('absurd input', () => {
  it('refuses an order value or weight that is not whole and ≥ 0 (a caller’s bug, never a price)', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(() => quote({ orderValuePaise: bad })).toThrow(RangeError);
    }
    expect(() => quote({ lines: [{ weightGrams: -5, quantity: 1 }] })).toThrow(RangeError);
    expect(() => quote({ lines: [{ weightGrams: 10.5, quantity: 1 }] })).toThrow(RangeError);
    expect(() => quote({ lines: [{ weightGrams: 10, quantity: -1 }] })).toThrow(RangeError);
  });
  it('an empty order weighs nothing and pays the first band', () => {
    expect(quote({ lines: [], orderValuePaise: 0 })).toMatchObject({
      chargePaise: 120_00,
      weightGrams: 0,
    });
    expect(parcelWeight([])).toEqual({ grams: 0, unweighedLines: 0 });
  });
});

describe('deliveryChargeRulesOf: a stored row as the pricing reads it', () => {
  const stored = {
    rates: {
      bands: table.bands,
      weight: { includedGrams: 500, stepGrams: 500, stepChargePaise: zones(40) },
    },
    freeAbovePaise: 999_00,
    codFeePaise: 40_00,
  };
  it('keeps good rules as they are', () => {
    expect(deliveryChargeRulesOf(stored)).toEqual({ ...table, weight: stored.rates.weight });
  });
  it('drops a table whose bands do not start at 0 or do not ascend, and a broken weight rule', () => {
    const [a, b] = table.bands as [
      DeliveryChargeRules['bands'][0],
      DeliveryChargeRules['bands'][0],
    ];
    for (const bands of [
      [b],
      [b, a],
      [a, { ...b, fromPaise: 0 }],
      [a, { ...b, chargePaise: { sameCity: 1 } }],
      'x',
    ]) {
      expect(deliveryChargeRulesOf({ ...stored, rates: { ...stored.rates, bands } }).bands).toEqual(
        [],
      );
    }
    for (const weight of [
      { ...stored.rates.weight, stepGrams: 0 },
      { ...stored.rates.weight, stepChargePaise: zones(-1) },
      { ...stored.rates.weight, includedGrams: 1.5 },
      'heavy',
    ]) {
      expect(
        deliveryChargeRulesOf({ ...stored, rates: { ...stored.rates, weight } }).weight,
      ).toBeNull();
    }
  });
  it('a negative or absurd threshold or fee is none', () => {
    const r = deliveryChargeRulesOf({ ...stored, freeAbovePaise: -5, codFeePaise: 10 ** 12 });
    expect(r.freeAbovePaise).toBeNull();
    expect(r.codFeePaise).toBe(0);
  });
});

describe('formatWeight', () => {
  it('writes grams below a kilo and kilos to two decimals', () => {
    expect(formatWeight(0)).toBe('0 g');
    expect(formatWeight(999)).toBe('999 g');
    expect(formatWeight(1000)).toBe('1 kg');
    expect(formatWeight(1250)).toBe('1.25 kg');
    expect(formatWeight(12_345)).toBe('12.35 kg');
  });
});
