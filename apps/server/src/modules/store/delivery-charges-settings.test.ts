import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSettings } from '@store/contracts/admin/settings';
import type { DeliveryCharges } from '@store/contracts/admin/delivery-charges';
import { deliveryZoneIds } from '@store/contracts/delivery';
import { stores } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { saveProduct } from '../../test/products';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInStaff, type SignedInStaff } from '../../test/staff';

let t: TestApp;
let owner: SignedInStaff;
let staff: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
  staff = await signInStaff(t.app, t.db, 'staff');
});
afterAll(() => t.close());

const url = '/api/v1/admin/settings';
async function current(): Promise<StoreSettings> {
  const res = await t.app.inject({ method: 'GET', url, headers: owner.headers });
  expect(res.statusCode).toBe(200);
  return res.json().settings;
}
const save = (settings: unknown, headers = owner.headers) =>
  t.app.inject({ method: 'PUT', url, headers, payload: settings as object });
const storeRow = async () =>
  (await t.db.select().from(stores).where(eq(stores.id, DEFAULT_STORE_ID)))[0]!;

const every = (rupees: number) =>
  Object.fromEntries(deliveryZoneIds.map((id) => [id, rupees])) as Record<
    (typeof deliveryZoneIds)[number],
    number
  >;

const table: DeliveryCharges = {
  bands: [
    { fromRupees: 0, charges: { ...every(120), sameCity: 40, northEastAndIslands: 180 } },
    { fromRupees: 499.5, charges: { ...every(60), sameCity: 0 } },
  ],
  weight: { includedGrams: 500, stepGrams: 500, stepCharges: every(30.25) },
  freeAboveRupees: 999,
};

describe('delivery charges in Store settings', () => {
  it('a new store charges nothing: no bands, no weight rule, no threshold, no COD fee', async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    const body = res.json();
    expect(body.settings.deliveryCharges).toEqual({
      bands: [],
      weight: null,
      freeAboveRupees: null,
    });
    expect(body.settings.codFeeRupees).toBe(0);
    // the demo catalogue is weighed; a product saved without a weight is counted
    expect(body.productsWithoutWeight).toBe(0);
    await saveProduct(t.app, owner, { title: 'Settings Unweighed Box' });
    const after = (await t.app.inject({ method: 'GET', url, headers: owner.headers })).json();
    expect(after.productsWithoutWeight).toBe(1);
    const row = await storeRow();
    expect(row).toMatchObject({
      deliveryRates: null,
      freeDeliveryAbovePaise: null,
      codFeePaise: 0,
    });
  });

  it('the owner saves a rate table, a weight rule, a threshold and a COD fee: stored in paise, logged', async () => {
    const res = await save({ ...(await current()), deliveryCharges: table, codFeeRupees: 35 });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({ deliveryCharges: table, codFeeRupees: 35 });
    expect(await current()).toMatchObject({ deliveryCharges: table, codFeeRupees: 35 });

    const row = await storeRow();
    expect(row.freeDeliveryAbovePaise).toBe(99_900);
    expect(row.codFeePaise).toBe(3_500);
    expect(row.deliveryRates).toMatchObject({
      bands: [
        { fromPaise: 0, chargePaise: { sameCity: 4_000, restOfIndia: 12_000 } },
        { fromPaise: 49_950, chargePaise: { sameCity: 0, metro: 6_000 } },
      ],
      weight: { includedGrams: 500, stepGrams: 500, stepChargePaise: { metro: 3_025 } },
    });

    const log = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/activity?entityType=settings',
      headers: owner.headers,
    });
    const [entry] = log.json().data;
    expect(entry.action).toBe('settings.update');
    expect(entry.before).toMatchObject({
      deliveryCharges: { bands: [], weight: null, freeAboveRupees: null },
      codFeeRupees: 0,
    });
    expect(entry.after).toMatchObject({ deliveryCharges: table, codFeeRupees: 35 });
  });

  it('an unchanged save logs nothing more', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/activity', headers: owner.headers })
    ).json().total;
    expect((await save(await current())).statusCode).toBe(200);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/activity', headers: owner.headers })
    ).json().total;
    expect(after).toBe(before);
  });

  it('names the field of every mistake (400, never 500)', async () => {
    const settings = await current();
    const refused = async (deliveryCharges: unknown, over: object = {}) => {
      const res = await save({ ...settings, deliveryCharges, ...over });
      expect(res.statusCode).toBe(400);
      return res.json().fields as Record<string, string>;
    };
    const [first, second] = table.bands as [
      DeliveryCharges['bands'][0],
      DeliveryCharges['bands'][0],
    ];

    expect(await refused({ ...table, bands: [{ ...first, fromRupees: 100 }] })).toEqual({
      'deliveryCharges.bands.0.fromRupees': 'The first band starts at ₹0',
    });
    expect(
      await refused({ ...table, bands: [first, second, { ...second, fromRupees: 499.5 }] }),
    ).toEqual({
      'deliveryCharges.bands.2.fromRupees': 'Start above the band before (₹499.5)',
    });
    expect(
      await refused({ ...table, bands: [{ ...first, charges: { ...first.charges, metro: -1 } }] }),
    ).toEqual({ 'deliveryCharges.bands.0.charges.metro': 'Enter an amount of ₹0 or more' });
    expect(
      await refused({
        ...table,
        bands: [{ ...first, charges: { ...first.charges, sameCity: 10_001 } }],
      }),
    ).toEqual({ 'deliveryCharges.bands.0.charges.sameCity': 'At most ₹10,000' });
    expect(
      await refused({
        ...table,
        bands: [{ ...first, charges: { ...first.charges, metro: 1.005 } }],
      }),
    ).toEqual({ 'deliveryCharges.bands.0.charges.metro': 'Enter rupees with at most 2 decimals' });
    expect(
      Object.keys(await refused({ ...table, bands: [{ fromRupees: 0, charges: { metro: 5 } }] })),
    ).toContain('deliveryCharges.bands.0.charges.sameCity');
    expect(await refused({ ...table, weight: { ...table.weight!, stepGrams: 0 } })).toEqual({
      'deliveryCharges.weight.stepGrams':
        'Enter each further step as whole grams from 1 to 1,00,000',
    });
    expect(Object.keys(await refused({ ...table, freeAboveRupees: 0 }))).toEqual([
      'deliveryCharges.freeAboveRupees',
    ]);
    expect(
      Object.keys(
        await refused({
          ...table,
          bands: Array.from({ length: 21 }, (_, i) => ({ ...first, fromRupees: i })),
        }),
      ),
    ).toEqual(['deliveryCharges.bands']);
    expect(await refused(table, { codFeeRupees: -5 })).toEqual({
      codFeeRupees: 'Enter an amount of ₹0 or more',
    });
    // wrong types: a string amount, a zone that does not exist, no object at all
    expect(Object.keys(await refused({ ...table, freeAboveRupees: '999' }))).toEqual([
      'deliveryCharges.freeAboveRupees',
    ]);
    expect((await save({ ...settings, deliveryCharges: 'free' })).statusCode).toBe(400);
    const { deliveryCharges: _dropped, ...without } = settings;
    expect((await save(without)).statusCode).toBe(400);
    // nothing of the refused saves was written
    expect(await current()).toMatchObject({ deliveryCharges: table, codFeeRupees: 35 });
  });

  it('staff may not read or change them (owner only)', async () => {
    expect((await t.app.inject({ method: 'GET', url, headers: staff.headers })).statusCode).toBe(
      403,
    );
    expect((await save({ ...(await current()), codFeeRupees: 0 }, staff.headers)).statusCode).toBe(
      403,
    );
  });

  it('emptying the table goes back to free everywhere (nothing stored)', async () => {
    const res = await save({
      ...(await current()),
      deliveryCharges: { bands: [], weight: null, freeAboveRupees: null },
      codFeeRupees: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(await storeRow()).toMatchObject({
      deliveryRates: null,
      freeDeliveryAbovePaise: null,
      codFeePaise: 0,
    });
  });
});
