import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_COD_CONFIRM_HOURS,
  DEFAULT_MAX_HELD_UNITS,
  DEFAULT_MAX_OPEN_ORDERS,
  fairStockMessages,
} from '@store/contracts/fair-stock';
import { stores } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { fairStockShop } from '../../test/fair-stock';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { stockOf } from '../../test/stock';
import { createTestApp, plainProducts, type TestApp } from '../../test/test-app';

// Fair stock's caps (docs/decisions/fair-stock.md); the COD confirmation and the Held stock
// screen's API are in cod-confirmation.test.ts.
const storeId = DEFAULT_STORE_ID;
let t: TestApp;
let clerk: SignedInStaff;
let products: { id: string; title: string }[];
const { reset, aShopper, placeOrder, codOrder, confirmCod, ordersOf } = fairStockShop(
  () => t,
  () => clerk.headers,
);

beforeAll(async () => {
  t = await createTestApp();
  clerk = await signInStaff(t.app, t.db, 'staff');
  products = await plainProducts(t.app, 4);
});
afterAll(() => t.close());
beforeEach(() => reset(products.map((p) => p.id)));

describe('a new store', () => {
  it('gets the documented caps and COD window', async () => {
    // a store row inserted without them takes the migration's defaults
    await t.db.insert(stores).values({
      id: 'fair-stock-defaults',
      storeName: 'Another shop',
      companyName: 'Another shop',
      companyAddress: 'Kolkata',
      companyEmail: 'shop@example.in',
      companyPhone: '+91 98300 00000',
    });
    const [row] = await t.db.select().from(stores).where(eq(stores.id, 'fair-stock-defaults'));
    expect(row).toMatchObject({
      maxOpenOrders: DEFAULT_MAX_OPEN_ORDERS,
      maxHeldUnits: DEFAULT_MAX_HELD_UNITS,
      codConfirmHours: DEFAULT_COD_CONFIRM_HOURS,
    });
    expect([DEFAULT_MAX_OPEN_ORDERS, DEFAULT_MAX_HELD_UNITS, DEFAULT_COD_CONFIRM_HOURS]).toEqual([
      3, 20, 48,
    ]);
  });
});

describe('the cap on units of one product held without money', () => {
  it('25 cash-on-delivery orders of 12 units: the second is refused, 288 of 300 units stay on sale', async () => {
    const shopper = await aShopper();
    const [notebook] = products;
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await codOrder(shopper, notebook!.id, 12));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused).toHaveLength(24);
    expect(new Set(refused.map((a) => a.statusCode))).toEqual(new Set([409]));
    const message = fairStockMessages.heldUnits(notebook!.title, 20, 12);
    expect(refused[0]!.json()).toEqual({
      error: message,
      code: 'fair_stock_limit',
      fields: { [`products.${notebook!.id}`]: message },
    });
    expect(message).toContain('at most 20 of');
    expect(message).toContain('order at most 8');
    expect(await stockOf(t.db, notebook!.id)).toBe(288);
    expect(await ordersOf(shopper)).toHaveLength(1);
  });

  it('99 units in one unpaid order is refused before any stock is taken or any order written', async () => {
    const shopper = await aShopper();
    const [pen] = products;
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await placeOrder(shopper, pen!.id, 99));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(409));
    expect(answers[0]!.json().error).toBe(
      `You can reserve at most 20 of “${pen!.title}” at a time. Order at most 20, or contact the shop for a larger order.`,
    );
    expect(await stockOf(t.db, pen!.id)).toBe(300);
    expect(await ordersOf(shopper)).toHaveLength(0);
  });

  it("counts all the shopper's open orders of the product together, and another shopper's not at all", async () => {
    const [a, b] = [await aShopper(), await aShopper()];
    const [ruler] = products;
    expect((await placeOrder(a, ruler!.id, 15)).statusCode).toBe(201);
    expect((await placeOrder(b, ruler!.id, 20)).statusCode).toBe(201);
    expect((await placeOrder(a, ruler!.id, 5)).statusCode).toBe(201);
    expect((await placeOrder(a, ruler!.id, 1)).statusCode).toBe(409);
  });
});

describe('the cap on open orders without money', () => {
  it('30 unpaid orders: the first 3 are placed, the rest refused with what to do', async () => {
    const shopper = await aShopper();
    const answers = [];
    for (let i = 0; i < 30; i++)
      answers.push(await placeOrder(shopper, products[i % products.length]!.id, 1));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.slice(3).map((a) => a.statusCode)).toEqual(Array(27).fill(409));
    expect(answers[3]!.json()).toEqual({
      error:
        'You already have 3 orders waiting for payment or for the shop to confirm. Pay for one of them in My Orders, or wait until the shop confirms it, before placing another.',
      code: 'fair_stock_limit',
    });
    expect(await ordersOf(shopper)).toHaveLength(3);
  });

  it('counts cash-on-delivery orders staff have not confirmed, and frees the place once confirmed', async () => {
    const shopper = await aShopper();
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push((await codOrder(shopper, products[i]!.id, 1)).json());
    const fourth = await placeOrder(shopper, products[3]!.id, 1);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toBe(fairStockMessages.openOrders(3));

    const confirm = await confirmCod(placed[0].id);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().codConfirmedAt).toEqual(expect.any(String));
    expect(confirm.json().actions).not.toContain('confirm_cod');
    expect((await placeOrder(shopper, products[3]!.id, 1)).statusCode).toBe(201);
  });

  it('follows the owner’s settings', async () => {
    const owner = await signInStaff(t.app, t.db, 'owner');
    const settings = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: owner.headers })
    ).json().settings;
    expect(settings).toMatchObject({ maxOpenOrders: 3, maxHeldUnits: 20, codConfirmHours: 48 });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: owner.headers,
      payload: { ...settings, maxOpenOrders: 1, maxHeldUnits: 50, codConfirmHours: 24 },
    });
    expect(saved.statusCode).toBe(200);
    const shopper = await aShopper();
    expect((await placeOrder(shopper, products[0]!.id, 50)).statusCode).toBe(201);
    const second = await placeOrder(shopper, products[1]!.id, 1);
    expect(second.json().error).toBe(
      'You already have 1 order waiting for payment or for the shop to confirm. Pay for one of them in My Orders, or wait until the shop confirms it, before placing another.',
    );
    const zero = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: owner.headers,
      payload: { ...settings, maxOpenOrders: 0 },
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields).toHaveProperty('maxOpenOrders');
  });
});

describe('concurrent placements', () => {
  it('cannot slip past the open-order cap', async () => {
    const shopper = await aShopper();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        placeOrder(shopper, products[i % products.length]!.id, 1),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(7);
    expect(await ordersOf(shopper)).toHaveLength(3);
  });

  it('cannot slip past the units cap', async () => {
    await t.db.update(stores).set({ maxOpenOrders: 10 }).where(eq(stores.id, storeId));
    const shopper = await aShopper();
    const [glue] = products;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(shopper, glue!.id, 8)),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    expect(await stockOf(t.db, glue!.id)).toBe(300 - 16);
  });
});
