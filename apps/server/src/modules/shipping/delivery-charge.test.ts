import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliveryZoneIds, type DeliveryZone } from '@store/contracts/delivery';
import type { ZoneAmounts } from '@store/contracts/delivery-charges';
import { products, stores } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { saveProduct } from '../../test/products';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { HttpError } from '../../lib/errors';
import { quoteDeliveryCharge } from './delivery-charge.service';

/*
 * quoteDeliveryCharge, as the pricing step will call it: the store's row, its products' weights
 * and the zone of the ship-to PIN from the dispatch PIN (the demo store sends from Kolkata).
 */

let t: TestApp;
let owner: SignedInStaff;
let heavy: string;
let light: string;
let unweighed: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
  heavy = await saveProduct(t.app, owner, { title: 'Quote Ream A4', weightGrams: 2_400 });
  light = await saveProduct(t.app, owner, { title: 'Quote Pencil', weightGrams: 10 });
  unweighed = await saveProduct(t.app, owner, { title: 'Quote Mystery Box' });
});
afterAll(() => t.close());

const paise = (rupees: Partial<Record<DeliveryZone, number>>): ZoneAmounts =>
  Object.fromEntries(
    deliveryZoneIds.map((id) => [id, Math.round((rupees[id] ?? 0) * 100)]),
  ) as ZoneAmounts;

const rates = {
  bands: [
    {
      fromPaise: 0,
      chargePaise: paise({
        sameCity: 40,
        sameState: 60,
        metro: 80,
        restOfIndia: 100,
        northEastAndIslands: 150,
      }),
    },
    {
      fromPaise: 500_00,
      chargePaise: paise({ metro: 50, restOfIndia: 70, northEastAndIslands: 120 }),
    },
  ],
  weight: {
    includedGrams: 1000,
    stepGrams: 500,
    stepChargePaise: paise({ metro: 20, restOfIndia: 30, northEastAndIslands: 45 }),
  },
};

async function setRules(over: Partial<typeof stores.$inferInsert>) {
  await t.db
    .update(stores)
    .set({
      dispatchPin: '700016',
      deliveryRates: rates,
      freeDeliveryAbovePaise: 999_00,
      codFeePaise: 30_00,
      ...over,
    })
    .where(eq(stores.id, DEFAULT_STORE_ID));
}
beforeEach(() => setRules({}));

const quote = (
  shipToPin: string | null,
  lines: { productId: string; quantity: number; amountPaise: number }[],
  cashOnDelivery = false,
) => quoteDeliveryCharge(t.db, DEFAULT_STORE_ID, { shipToPin, lines, cashOnDelivery });

describe('quoteDeliveryCharge', () => {
  it('a store with nothing set delivers free everywhere, COD included', async () => {
    await setRules({ deliveryRates: null, freeDeliveryAbovePaise: null, codFeePaise: 0 });
    for (const pin of ['700016', '560038', '781001', null]) {
      expect(
        await quote(pin, [{ productId: heavy, quantity: 9, amountPaise: 40_00 }], true),
      ).toMatchObject({
        chargePaise: 0,
        codFeePaise: 0,
        basis: 'free',
        label: 'Free',
      });
    }
  });

  it('zones by the dispatch and ship-to PINs, as the estimates do', async () => {
    const line = [{ productId: light, quantity: 1, amountPaise: 40_00 }];
    expect(await quote('700 016', line)).toMatchObject({ zone: 'sameCity', chargePaise: 40_00 });
    expect(await quote('711101', line)).toMatchObject({ zone: 'sameState', chargePaise: 60_00 });
    expect(await quote('560038', line)).toMatchObject({ zone: 'metro', chargePaise: 80_00 });
    expect(await quote('440001', line)).toMatchObject({ zone: 'restOfIndia', chargePaise: 100_00 });
    expect(await quote('781001', line)).toMatchObject({
      zone: 'northEastAndIslands',
      chargePaise: 150_00,
      label: 'North-East and islands · 10 g',
    });
    // no dispatch PIN: neither "same" zone
    await setRules({ dispatchPin: null });
    expect(await quote('711101', line)).toMatchObject({ zone: 'restOfIndia', chargePaise: 100_00 });
  });

  it('prices the value after discounts and the weight of every unit; a product without weight adds none', async () => {
    // 2 reams (4.8 kg) + 3 pencils (30 g) = 4830 g: 1000 g included, 8 steps of 500 g at ₹30
    const q = await quote('440001', [
      { productId: heavy, quantity: 2, amountPaise: 600_00 },
      { productId: light, quantity: 3, amountPaise: 30_00 },
      { productId: unweighed, quantity: 1, amountPaise: 20_00 },
    ]);
    expect(q).toMatchObject({
      chargePaise: 70_00 + 8 * 30_00,
      weightGrams: 4830,
      unweighedLines: 1,
      toFreePaise: 999_00 - 650_00,
    });
  });

  it('free from the threshold exactly, and the COD fee on top when paying cash', async () => {
    const at = [{ productId: heavy, quantity: 1, amountPaise: 999_00 }];
    expect(await quote('781001', at, true)).toMatchObject({
      chargePaise: 0,
      codFeePaise: 30_00,
      basis: 'freeAbove',
      label: 'Free on orders from ₹999',
    });
    const below = [{ productId: heavy, quantity: 1, amountPaise: 998_99 }];
    expect((await quote('781001', below)).chargePaise).toBeGreaterThan(0);
  });

  it('without a PIN it needs one when zones differ', async () => {
    expect(
      await quote(null, [{ productId: light, quantity: 1, amountPaise: 40_00 }]),
    ).toMatchObject({
      zone: null,
      chargePaise: null,
      basis: 'needsPin',
    });
  });

  it('another store’s product, an unknown id or a bad id weighs nothing', async () => {
    const q = await quote('440001', [
      { productId: 'not-a-uuid', quantity: 1, amountPaise: 10_00 },
      { productId: '00000000-0000-4000-8000-000000000000', quantity: 1, amountPaise: 10_00 },
    ]);
    expect(q).toMatchObject({ chargePaise: 100_00, weightGrams: 0, unweighedLines: 2 });
  });

  it('a malformed PIN or one India Post does not have is a 400 on the PIN field', async () => {
    for (const [pin, message] of [
      ['12345', 'PIN code must be 6 digits and cannot start with 0'],
      ['123456', 'We could not find PIN code 123456. Please check it.'],
    ] as const) {
      const error = await quote(pin, []).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({
        statusCode: 400,
        fields: { 'shippingAddress.postalCode': message },
      });
    }
  });

  it('a stored table the settings would refuse (hand-edited) is no table: free, never a made-up charge', async () => {
    await setRules({
      deliveryRates: { bands: [{ fromPaise: 100, chargePaise: { metro: -5 } }], weight: 'x' },
    });
    expect(
      await quote('560038', [{ productId: light, quantity: 1, amountPaise: 40_00 }]),
    ).toMatchObject({
      chargePaise: 0,
      basis: 'free',
    });
  });

  it('reads the weight as saved now: the owner weighs a product and the next quote counts it', async () => {
    await t.db.update(products).set({ weightGrams: 1_600 }).where(eq(products.id, unweighed));
    expect(
      await quote('440001', [{ productId: unweighed, quantity: 1, amountPaise: 20_00 }]),
    ).toMatchObject({
      chargePaise: 100_00 + 2 * 30_00,
      unweighedLines: 0,
    });
  });
});
