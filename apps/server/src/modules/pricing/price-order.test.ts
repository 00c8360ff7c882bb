import { describe, expect, it } from 'vitest';
import { deliveryZoneIds } from '@store/contracts/delivery';
import {
  deliveryChargeFor,
  freeDeliveryEverywhere,
  type DeliveryChargeRules,
  type ZoneAmounts,
} from '@store/contracts/delivery-charges';
import { splitLineTax } from '@store/contracts/gst';
import { allocateByValue } from './allocate';
import {
  priceOrder,
  type DiscountRule,
  type PricedOrder,
  type PricingInput,
  type PricingLine,
} from './price-order';

const NOW = new Date('2026-11-10T06:30:00Z');
const DAY = 86_400_000;

const line = (over: Partial<PricingLine> & { productId: string }): PricingLine => ({
  categoryId: null,
  quantity: 1,
  unitPricePaise: 10_000,
  hsnCode: '4820',
  gstRateBp: 1800,
  ...over,
});

let ids = 0;
const rule = (over: Partial<DiscountRule>): DiscountRule => ({
  id: `d${++ids}`,
  code: null,
  name: '',
  kind: 'percentage',
  percentBp: 1000,
  amountPaise: null,
  buyQuantity: null,
  getQuantity: null,
  appliesTo: 'all',
  categoryIds: [],
  productIds: [],
  minOrderPaise: 0,
  startsAt: new Date(NOW.getTime() - DAY),
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  active: true,
  ...over,
});

const everywhere = (paise: number): ZoneAmounts =>
  Object.fromEntries(deliveryZoneIds.map((id) => [id, paise])) as ZoneAmounts;

/** The store's rule as loadDeliveryCharger gives it: to a Rest of India PIN, these rules. */
const chargerOf =
  (rules: DeliveryChargeRules, cashOnDelivery = false) =>
  (lines: readonly { productId: string; quantity: number; amountPaise: number }[]) =>
    deliveryChargeFor({
      rules,
      zone: 'restOfIndia',
      orderValuePaise: lines.reduce((s, l) => s + l.amountPaise, 0),
      lines: lines.map((l) => ({ weightGrams: null, quantity: l.quantity })),
      cashOnDelivery,
    });

/** A flat charge everywhere (0: a new store, free). */
const flatRate = (paise: number): DeliveryChargeRules =>
  paise
    ? { ...freeDeliveryEverywhere, bands: [{ fromPaise: 0, chargePaise: everywhere(paise) }] }
    : freeDeliveryEverywhere;

const input = (over: Partial<PricingInput> & { deliveryChargePaise?: number }): PricingInput => {
  const { deliveryChargePaise = 0, ...rest } = over;
  return {
    lines: [line({ productId: 'a' })],
    discounts: [],
    couponCode: null,
    usage: new Map(),
    now: NOW,
    deliveryCharge: chargerOf(flatRate(deliveryChargePaise)),
    supplierState: 'West Bengal',
    shipToState: 'Karnataka',
    ...rest,
  };
};

/** What every priced order must satisfy, whatever the discounts. */
function expectConsistent(o: PricedOrder) {
  for (const l of o.lines) {
    expect(l.discountPaise).toBeGreaterThanOrEqual(0);
    expect(l.discountPaise).toBeLessThanOrEqual(l.grossPaise);
    expect(l.netPaise).toBe(l.grossPaise - l.discountPaise);
    expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.netPaise);
    expect(l.shares.reduce((s, x) => s + x.paise, 0)).toBe(l.discountPaise);
  }
  expect(o.lines.reduce((s, l) => s + l.discountPaise, 0)).toBe(o.discountPaise);
  expect(o.applied.reduce((s, a) => s + a.goodsPaise, 0)).toBe(o.discountPaise);
  expect(o.delivery.paise).toBe(o.delivery.chargePaise - o.delivery.waivedPaise);
  expect(o.totalPaise).toBe(o.subtotalPaise - o.discountPaise + o.delivery.paise + o.codFee.paise);
  expect(o.totalPaise).toBeGreaterThanOrEqual(0);
}

describe('priceOrder without discounts', () => {
  it('charges the catalogue prices, GST split inside the price (IGST out of state)', () => {
    const o = priceOrder(
      input({ lines: [line({ productId: 'a', quantity: 2, unitPricePaise: 11_800 })] }),
    );
    expectConsistent(o);
    expect(o.subtotalPaise).toBe(23_600);
    expect(o.totalPaise).toBe(23_600);
    expect(o.lines[0]).toMatchObject({ taxablePaise: 20_000, igstPaise: 3_600, cgstPaise: 0 });
    expect(o.applied).toEqual([]);
    expect(o.coupon).toBeNull();
  });

  it('charges CGST and SGST inside the store state, none when the store is not registered', () => {
    const lines = [line({ productId: 'a', unitPricePaise: 11_800 })];
    const intra = priceOrder(input({ lines, shipToState: 'West Bengal' }));
    expect(intra.lines[0]).toMatchObject({ taxablePaise: 10_000, cgstPaise: 900, sgstPaise: 900 });
    const unregistered = priceOrder(input({ lines, supplierState: null }));
    expect(unregistered.lines[0]).toMatchObject({
      gstRateBp: 0,
      taxablePaise: 11_800,
      igstPaise: 0,
    });
  });
});

describe('each discount type', () => {
  it('Percentage: takes the share off, spread over the lines to the paisa, GST on what is left', () => {
    const lines = [
      line({ productId: 'a', unitPricePaise: 3_333 }),
      line({ productId: 'b', unitPricePaise: 3_333 }),
      line({ productId: 'c', unitPricePaise: 3_334, gstRateBp: 500 }),
    ];
    const o = priceOrder(
      input({ lines, discounts: [rule({ code: 'SAVE10' })], couponCode: 'SAVE10' }),
    );
    expectConsistent(o);
    expect(o.discountPaise).toBe(1_000);
    expect(o.lines.map((l) => l.discountPaise)).toEqual([333, 333, 334]);
    // the taxable value is reduced before GST: the net 3,000 at 18% IGST
    expect(o.lines[0]).toMatchObject(splitLineTax(3_000, 1800, false));
    expect(o.lines[2]).toMatchObject(splitLineTax(3_000, 500, false));
    expect(o.coupon).toEqual({
      code: 'SAVE10',
      applied: true,
      discountId: o.applied[0]!.discountId,
    });
    expect(o.applied[0]).toMatchObject({
      code: 'SAVE10',
      description: '10% off',
      goodsPaise: 1_000,
    });
  });

  it('Fixed amount: never takes a line below ₹0 and the order to exactly ₹0 at most', () => {
    const lines = [
      line({ productId: 'a', unitPricePaise: 4_000 }),
      line({ productId: 'b', unitPricePaise: 6_000 }),
    ];
    const partly = priceOrder(
      input({
        lines,
        discounts: [rule({ code: 'FLAT25', kind: 'fixed', percentBp: null, amountPaise: 2_500 })],
        couponCode: 'FLAT25',
      }),
    );
    expectConsistent(partly);
    expect(partly.lines.map((l) => l.discountPaise)).toEqual([1_000, 1_500]);
    const tooMuch = priceOrder(
      input({
        lines,
        discounts: [rule({ code: 'BIG', kind: 'fixed', percentBp: null, amountPaise: 50_000 })],
        couponCode: 'BIG',
      }),
    );
    expectConsistent(tooMuch);
    expect(tooMuch.lines.map((l) => l.netPaise)).toEqual([0, 0]);
    expect(tooMuch.lines.map((l) => l.taxablePaise + l.igstPaise)).toEqual([0, 0]);
    expect(tooMuch.totalPaise).toBe(0);
  });

  it('Free delivery: waives a delivery charge, which is otherwise taxed at the goods’ highest rate', () => {
    const lines = [
      line({ productId: 'a', unitPricePaise: 5_000, gstRateBp: 500, hsnCode: '7326' }),
      line({ productId: 'b', unitPricePaise: 5_000, gstRateBp: 1800, hsnCode: '9608' }),
    ];
    const charged = priceOrder(input({ lines, deliveryChargePaise: 5_900 }));
    expectConsistent(charged);
    expect(charged.totalPaise).toBe(15_900);
    expect(charged.delivery).toMatchObject({ chargePaise: 5_900, waivedPaise: 0, paise: 5_900 });
    expect(charged.delivery.tax).toEqual({
      hsnCode: '9608',
      rateBp: 1800,
      ...splitLineTax(5_900, 1800, false),
    });

    const normalised = priceOrder(
      input({
        lines,
        deliveryChargePaise: 5_900,
        discounts: [rule({ code: 'SHIPFREE', kind: 'free_delivery', percentBp: null })],
        couponCode: 'SHIPFREE',
      }),
    );
    expectConsistent(normalised);
    expect(normalised.delivery).toMatchObject({ waivedPaise: 5_900, paise: 0, tax: null });
    expect(normalised.discountPaise).toBe(0);
    expect(normalised.totalPaise).toBe(10_000);
    expect(normalised.applied[0]).toMatchObject({ deliveryPaise: 5_900, goodsPaise: 0 });
  });

  it('Buy X get Y: the cheapest units of every X + Y are free (or reduced by the percentage)', () => {
    const lines = [
      line({ productId: 'pen', quantity: 4, unitPricePaise: 20_000 }),
      line({ productId: 'ink', quantity: 2, unitPricePaise: 5_000 }),
    ];
    const b2g1 = rule({
      code: 'B2G1',
      kind: 'buy_x_get_y',
      percentBp: 10_000,
      buyQuantity: 2,
      getQuantity: 1,
    });
    // 6 units: 2 free, the two ink bottles
    const o = priceOrder(input({ lines, discounts: [b2g1], couponCode: 'B2G1' }));
    expectConsistent(o);
    expect(o.lines.map((l) => l.discountPaise)).toEqual([0, 10_000]);
    expect(o.applied[0]!.description).toBe('Buy 2 get 1 free');

    const half = rule({ ...b2g1, id: 'half', code: 'HALF', percentBp: 5_000 });
    const h = priceOrder(input({ lines, discounts: [half], couponCode: 'HALF' }));
    expectConsistent(h);
    expect(h.discountPaise).toBe(5_000);

    const tooFew = priceOrder(
      input({
        lines: [line({ productId: 'pen', quantity: 2 })],
        discounts: [b2g1],
        couponCode: 'B2G1',
      }),
    );
    expect(tooFew.coupon).toMatchObject({
      applied: false,
      reason: 'min_quantity',
      message: 'This code needs 3 or more of the items it applies to in your cart',
    });
    expect(tooFew.discountPaise).toBe(0);
  });
});

describe('what a discount applies to', () => {
  const lines = [
    line({ productId: 'diary', categoryId: 'cat-diaries', unitPricePaise: 50_000 }),
    line({ productId: 'pen', categoryId: 'cat-pens', unitPricePaise: 30_000 }),
  ];

  it('Categories: only the lines of the chosen categories', () => {
    const o = priceOrder(
      input({
        lines,
        discounts: [
          rule({
            code: 'DIARY20',
            percentBp: 2000,
            appliesTo: 'categories',
            categoryIds: ['cat-diaries'],
          }),
        ],
        couponCode: 'DIARY20',
      }),
    );
    expectConsistent(o);
    expect(o.lines.map((l) => l.discountPaise)).toEqual([10_000, 0]);
    expect(o.applied[0]!.description).toBe('20% off selected items');
  });

  it('Products: only the chosen products; a cart without them is told so', () => {
    const penOnly = rule({
      code: 'PEN',
      kind: 'fixed',
      percentBp: null,
      amountPaise: 50_000,
      appliesTo: 'products',
      productIds: ['pen'],
    });
    const o = priceOrder(input({ lines, discounts: [penOnly], couponCode: 'PEN' }));
    expectConsistent(o);
    expect(o.lines.map((l) => l.discountPaise)).toEqual([0, 30_000]);
    const without = priceOrder(
      input({ lines: [lines[0]!], discounts: [penOnly], couponCode: 'PEN' }),
    );
    expect(without.coupon).toMatchObject({
      applied: false,
      reason: 'not_applicable',
      message: 'This code is not valid for the items in your cart',
    });
  });
});

describe('why a code does not apply', () => {
  const refused = (over: Partial<DiscountRule>, usage?: { total: number; byCustomer: number }) => {
    const r = rule({ code: 'CODE', ...over });
    const o = priceOrder(
      input({
        discounts: [r],
        couponCode: 'CODE',
        usage: usage ? new Map([[r.id, usage]]) : new Map(),
      }),
    );
    expectConsistent(o);
    expect(o.discountPaise).toBe(0);
    return o.coupon;
  };

  it('an order below the minimum', () => {
    expect(refused({ minOrderPaise: 99_900 })).toMatchObject({
      reason: 'min_order',
      message: 'This code needs an order of ₹999 or more',
    });
  });

  it('before it starts and after it ends (India’s time)', () => {
    expect(refused({ startsAt: new Date('2026-11-12T18:30:00Z') })).toMatchObject({
      reason: 'not_started',
      message: 'This code can be used from 13 Nov 2026',
    });
    expect(refused({ endsAt: new Date('2026-11-10T06:00:00Z') })).toMatchObject({
      reason: 'expired',
      message: 'This code expired on 10 Nov 2026, 11:30 am',
    });
  });

  it('used up, or used by this shopper as often as allowed', () => {
    expect(refused({ usageLimit: 10 }, { total: 10, byCustomer: 0 })).toMatchObject({
      reason: 'used_up',
      message: 'This code has been used up',
    });
    expect(refused({ perCustomerLimit: 1 }, { total: 3, byCustomer: 1 })).toMatchObject({
      reason: 'customer_limit',
      message: 'You have already used this code',
    });
    expect(refused({ perCustomerLimit: 2 }, { total: 3, byCustomer: 2 })).toMatchObject({
      message: 'You have already used this code 2 times, the most it allows',
    });
  });

  it('switched off, or no such code', () => {
    expect(refused({ active: false })).toMatchObject({
      reason: 'inactive',
      message: 'This code is no longer active',
    });
    const o = priceOrder(input({ couponCode: 'NOPE' }));
    expect(o.coupon).toEqual({
      code: 'NOPE',
      applied: false,
      reason: 'unknown',
      message: 'This code is not valid',
    });
  });

  it('applies while uses are left', () => {
    const r = rule({ code: 'CODE', usageLimit: 10, perCustomerLimit: 2 });
    const o = priceOrder(
      input({
        discounts: [r],
        couponCode: 'CODE',
        usage: new Map([[r.id, { total: 9, byCustomer: 1 }]]),
      }),
    );
    expect(o.coupon).toMatchObject({ applied: true });
    expect(o.discountPaise).toBe(1_000);
  });
});

describe('automatic offers and a code together', () => {
  const lines = [
    line({ productId: 'a', unitPricePaise: 60_000 }),
    line({ productId: 'b', unitPricePaise: 40_000 }),
  ];

  it('takes the best automatic offer for the shopper, never two goods offers', () => {
    const tenPercent = rule({ percentBp: 1000 });
    const flat150 = rule({ kind: 'fixed', percentBp: null, amountPaise: 15_000 });
    const notYet = rule({ percentBp: 5000, minOrderPaise: 500_000 });
    const o = priceOrder(input({ lines, discounts: [tenPercent, flat150, notYet] }));
    expectConsistent(o);
    expect(o.applied.map((a) => a.discountId)).toEqual([flat150.id]);
    expect(o.discountPaise).toBe(15_000);
    expect(o.coupon).toBeNull();
  });

  it('applies the code after the automatic offer, on what it left', () => {
    const auto = rule({ percentBp: 1000, name: 'Diwali sale' });
    const code = rule({ code: 'EXTRA5', kind: 'fixed', percentBp: null, amountPaise: 5_000 });
    const o = priceOrder(input({ lines, discounts: [auto, code], couponCode: 'EXTRA5' }));
    expectConsistent(o);
    expect(o.applied.map((a) => [a.description, a.goodsPaise])).toEqual([
      ['Diwali sale', 10_000],
      ['₹50 off', 5_000],
    ]);
    expect(o.totalPaise).toBe(85_000);
  });

  it('chooses the automatic offer that is best together with the code', () => {
    // alone, ₹200 off beats 15%; with a 50% code after it, 15% first leaves less to halve
    const flat = rule({ kind: 'fixed', percentBp: null, amountPaise: 20_000 });
    const pct = rule({ percentBp: 1500 });
    const half = rule({ code: 'HALF', percentBp: 5000 });
    const o = priceOrder(input({ lines, discounts: [flat, pct, half], couponCode: 'HALF' }));
    expectConsistent(o);
    // flat: 200 + 50% of 800 = 600; pct: 150 + 50% of 850 = 575
    expect(o.discountPaise).toBe(60_000);
    expect(o.applied[0]!.discountId).toBe(flat.id);
  });

  it('combines an automatic Free delivery with an automatic goods offer', () => {
    const ship = rule({ kind: 'free_delivery', percentBp: null, minOrderPaise: 50_000 });
    const pct = rule({ percentBp: 1000 });
    const o = priceOrder(input({ lines, discounts: [ship, pct], deliveryChargePaise: 8_000 }));
    expectConsistent(o);
    expect(o.delivery.paise).toBe(0);
    expect(o.discountPaise).toBe(10_000);
    expect(o.totalPaise).toBe(90_000);
    // with no delivery to waive, the Free delivery offer is not listed as applied
    const free = priceOrder(input({ lines, discounts: [ship, pct] }));
    expect(free.applied.map((a) => a.discountId)).toEqual([pct.id]);
  });

  it('a refused code leaves the automatic offers in place', () => {
    const auto = rule({ percentBp: 1000 });
    const o = priceOrder(input({ lines, discounts: [auto], couponCode: 'UNKNOWN' }));
    expect(o.discountPaise).toBe(10_000);
    expect(o.coupon).toMatchObject({ applied: false, reason: 'unknown' });
  });

  it('an automatic offer that is not running is ignored, without a word', () => {
    const expired = rule({ endsAt: new Date(NOW.getTime() - 1) });
    const used = rule({ usageLimit: 1 });
    const o = priceOrder(
      input({
        lines,
        discounts: [expired, used],
        usage: new Map([[used.id, { total: 1, byCustomer: 0 }]]),
      }),
    );
    expect(o.applied).toEqual([]);
    expect(o.coupon).toBeNull();
  });
});

describe('paise', () => {
  it('allocates any amount over any lines exactly, never above a line', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let round = 0; round < 300; round++) {
      const caps = Array.from({ length: 1 + (next() % 8) }, () => next() % 100_000);
      const sum = caps.reduce((s, c) => s + c, 0);
      const total = next() % (sum + 50);
      const shares = allocateByValue(total, caps);
      expect(shares.reduce((s, x) => s + x, 0)).toBe(Math.min(total, sum));
      shares.forEach((x, i) => {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(caps[i]!);
      });
    }
  });

  it('keeps every priced order consistent, for random carts and discounts', () => {
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const kinds = ['percentage', 'fixed', 'buy_x_get_y'] as const;
    for (let round = 0; round < 200; round++) {
      const lines = Array.from({ length: 1 + (next() % 6) }, (_, i) =>
        line({
          productId: `p${i}`,
          categoryId: `c${next() % 2}`,
          quantity: 1 + (next() % 5),
          unitPricePaise: 1 + (next() % 250_000),
          gstRateBp: [0, 500, 1800][next() % 3]!,
        }),
      );
      const kind = kinds[next() % 3]!;
      const discounts = [
        rule({
          kind,
          percentBp: 1 + (next() % 10_000),
          amountPaise: 1 + (next() % 500_000),
          buyQuantity: 1 + (next() % 3),
          getQuantity: 1 + (next() % 2),
          appliesTo: next() % 2 ? 'all' : 'categories',
          categoryIds: ['c1'],
        }),
        rule({
          code: 'X',
          kind: kinds[next() % 3]!,
          percentBp: 1 + (next() % 10_000),
          amountPaise: 1 + (next() % 500_000),
          buyQuantity: 1,
          getQuantity: 1,
        }),
      ];
      const o = priceOrder(
        input({
          lines,
          discounts,
          couponCode: 'X',
          deliveryChargePaise: next() % 10_000,
          shipToState: next() % 2 ? 'West Bengal' : 'Delhi',
        }),
      );
      expectConsistent(o);
    }
  });
});

describe('priceOrder with the store’s delivery charges', () => {
  const rules: DeliveryChargeRules = {
    ...flatRate(6_000),
    freeAbovePaise: 99_900,
    codFeePaise: 3_000,
  };
  const lines = [line({ productId: 'a', unitPricePaise: 100_000 })];

  it('reads the free-delivery threshold on the value after discounts', () => {
    const full = priceOrder(input({ lines, deliveryCharge: chargerOf(rules) }));
    expectConsistent(full);
    expect(full.delivery).toMatchObject({ chargePaise: 0, paise: 0 });
    expect(full.delivery.quote.basis).toBe('freeAbove');
    expect(full.totalPaise).toBe(100_000);

    // 10% off leaves ₹900: below ₹999, so delivery is charged, and ₹99 more would make it free
    const off = priceOrder(
      input({
        lines,
        deliveryCharge: chargerOf(rules),
        discounts: [rule({ code: 'TEN' })],
        couponCode: 'TEN',
      }),
    );
    expectConsistent(off);
    expect(off.discountPaise).toBe(10_000);
    expect(off.delivery).toMatchObject({ chargePaise: 6_000, paise: 6_000 });
    expect(off.delivery.quote.toFreePaise).toBe(9_900);
    expect(off.totalPaise).toBe(96_000);
  });

  it('of automatic offers, takes the one leaving the least to pay, delivery included', () => {
    // ₹50 off takes ₹1,040 below the threshold (₹60 delivery); 3% off (₹31.20) keeps it above
    const fifty = rule({ kind: 'fixed', percentBp: null, amountPaise: 5_000 });
    const three = rule({ percentBp: 300 });
    const lines2 = [line({ productId: 'a', unitPricePaise: 104_000 })];
    const o = priceOrder(
      input({ lines: lines2, discounts: [fifty, three], deliveryCharge: chargerOf(rules) }),
    );
    expectConsistent(o);
    expect(o.applied.map((a) => a.discountId)).toEqual([three.id]);
    expect(o.totalPaise).toBe(104_000 - 3_120);
  });

  it('a Free delivery code waives the delivery charge but not the COD fee, and both are taxed', () => {
    const small = [line({ productId: 'a', unitPricePaise: 50_000, gstRateBp: 1200 })];
    const cod = priceOrder(input({ lines: small, deliveryCharge: chargerOf(rules, true) }));
    expectConsistent(cod);
    expect(cod.delivery.paise).toBe(6_000);
    expect(cod.codFee).toEqual({
      paise: 3_000,
      tax: { hsnCode: '4820', rateBp: 1200, ...splitLineTax(3_000, 1200, false) },
    });
    expect(cod.totalPaise).toBe(59_000);

    const waived = priceOrder(
      input({
        lines: small,
        deliveryCharge: chargerOf(rules, true),
        discounts: [rule({ code: 'SHIP', kind: 'free_delivery', percentBp: null })],
        couponCode: 'SHIP',
      }),
    );
    expectConsistent(waived);
    expect(waived.delivery).toMatchObject({ chargePaise: 6_000, waivedPaise: 6_000, paise: 0 });
    expect(waived.delivery.quote.toFreePaise).toBeNull();
    expect(waived.codFee.paise).toBe(3_000);
    expect(waived.totalPaise).toBe(53_000);
  });

  it('without a PIN a charge that differs by zone adds nothing yet and says so', () => {
    const byZone: DeliveryChargeRules = {
      ...freeDeliveryEverywhere,
      bands: [{ fromPaise: 0, chargePaise: { ...everywhere(5_000), northEastAndIslands: 9_000 } }],
    };
    const o = priceOrder(
      input({
        deliveryCharge: (l) =>
          deliveryChargeFor({
            rules: byZone,
            zone: null,
            orderValuePaise: l.reduce((s, x) => s + x.amountPaise, 0),
            lines: [],
            cashOnDelivery: false,
          }),
      }),
    );
    expectConsistent(o);
    expect(o.delivery.quote).toMatchObject({
      basis: 'needsPin',
      chargePaise: null,
      label: 'Calculated from your PIN code',
    });
    expect(o.delivery.paise).toBe(0);
    expect(o.totalPaise).toBe(10_000);
  });
});
