import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@store/contracts/products';
import { orders, payments } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { placePaidOrder, pay, validFields } from '../../test/pay-order';
import { insertShoppers, listenOnPort, type Shopper } from '../../test/shoppers';
import { setStock, stockOf } from '../../test/stock';
import {
  authHeader,
  createTestApp,
  plainProducts,
  testShippingAddress,
  type TestApp,
} from '../../test/test-app';
import { expireUnpaidOrders, transitionOrder } from './order-transitions.service';

let t: TestApp;
let shopper: Shopper;
let plain: { id: string; title: string };
let catalogue: Product[];
const byTitle = (title: string) => catalogue.find((p) => p.title === title)!;

beforeAll(async () => {
  t = await createTestApp();
  shopper = (await insertShoppers(t.app, t.db, 1))[0]!;
  plain = (await plainProducts(t.app, 1))[0]!;
  catalogue = (await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' })).json()
    .data;
});
afterAll(() => t.close());

const placeOrder = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: authHeader(token), payload });

const orderOf = (productId: string, quantity: number) => ({
  products: { [productId]: quantity },
  shippingAddress: testShippingAddress,
});

const ordersCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;

let listening: string | undefined;
/** The first app's real port, opened once. */
const baseUrl = async () => (listening ??= await listenOnPort(t.app));

/** 2N buyers over real HTTP, each ordering one unit of a product with N in stock. */
async function raceFor(bases: string[], buyers: Shopper[], productId: string) {
  const answers = await Promise.all(
    buyers.map(async (b, i) => {
      const res = await fetch(`${bases[i % bases.length]}/api/v1/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...authHeader(b.token) },
        body: JSON.stringify(orderOf(productId, 1)),
      });
      return { status: res.status, body: await res.json() };
    }),
  );
  return {
    created: answers.filter((a) => a.status === 201).length,
    refused: answers.filter((a) => a.status === 409),
    others: answers.filter((a) => a.status !== 201 && a.status !== 409),
  };
}

describe('the oversell race, over a real port', () => {
  it('N units and 2N concurrent buyers make exactly N orders', async () => {
    const n = 8;
    await setStock(t.db, plain.id, n);
    const result = await raceFor(
      [await baseUrl()],
      await insertShoppers(t.app, t.db, 2 * n),
      plain.id,
    );
    expect(result.others).toEqual([]);
    expect(result.created).toBe(n);
    expect(result.refused).toHaveLength(n);
    expect(result.refused[0]!.body).toEqual({
      error: `${plain.title} is sold out`,
      code: 'out_of_stock',
      fields: {
        [`products.${plain.id}`]: `${plain.title} is sold out`,
        [`products.${plain.id}.available`]: '0',
      },
    });
    expect(await stockOf(t.db, plain.id)).toBe(0);
  });

  it('holds with two app instances on one database (two pools on PostgreSQL)', async () => {
    const n = 6;
    await setStock(t.db, plain.id, n);
    const second = await createTestApp({}, { sameDatabaseAs: t });
    try {
      const bases = [await baseUrl(), await listenOnPort(second.app)];
      const result = await raceFor(bases, await insertShoppers(t.app, t.db, 2 * n), plain.id);
      expect(result.others).toEqual([]);
      expect(result.created).toBe(n);
      expect(result.refused).toHaveLength(n);
      expect(await stockOf(t.db, plain.id)).toBe(0);
    } finally {
      await second.close();
    }
  });
});

describe('a line that wants more than is left', () => {
  it('is refused with 409 naming the product and what is left, and nothing is stored', async () => {
    await setStock(t.db, plain.id, 2);
    const before = await ordersCount();
    const res = await placeOrder(shopper.token, orderOf(plain.id, 3));
    expect(res.statusCode).toBe(409);
    const message = `Only 2 of ${plain.title} are left`;
    expect(res.json()).toEqual({
      error: message,
      code: 'out_of_stock',
      // the line by name, and what is left as a number a client can read
      fields: { [`products.${plain.id}`]: message, [`products.${plain.id}.available`]: '2' },
    });
    expect(await stockOf(t.db, plain.id)).toBe(2);
    expect(await ordersCount()).toBe(before);
  });

  it('adds up lines of the same variant before checking', async () => {
    const pen = byTitle('Classic Fountain Pen with Gold Trim');
    await setStock(t.db, pen.id, 3, { color: 'Black' });
    const line = { productId: pen.id, quantity: 2, color: 'Black' };
    const res = await placeOrder(shopper.token, {
      products: { [pen.id]: 4 },
      lines: [line, line],
      shippingAddress: testShippingAddress,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({
      'lines.0': `Only 3 of ${pen.title} are left`,
      'lines.0.available': '3',
      'lines.1': `Only 3 of ${pen.title} are left`,
      'lines.1.available': '3',
    });
    expect(await stockOf(t.db, pen.id, { color: 'Black' })).toBe(3);
  });

  it('names a sold-out colour on its line, and leaves the other lines’ stock alone', async () => {
    const pen = byTitle('Classic Fountain Pen with Gold Trim');
    await setStock(t.db, pen.id, 0, { color: 'Burgundy' });
    await setStock(t.db, plain.id, 5);
    const res = await placeOrder(shopper.token, {
      products: { [plain.id]: 1, [pen.id]: 1 },
      lines: [
        { productId: plain.id, quantity: 1 },
        { productId: pen.id, quantity: 1, color: 'Burgundy' },
      ],
      shippingAddress: testShippingAddress,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: `${pen.title} is sold out`,
      code: 'out_of_stock',
      fields: { 'lines.1': `${pen.title} is sold out`, 'lines.1.available': '0' },
    });
    expect(await stockOf(t.db, plain.id)).toBe(5);
  });
});

describe('a product with sizes or colours', () => {
  it('needs the choice on the line: 400 naming the product', async () => {
    const notebook = byTitle('Spiral Ruled Notebook');
    const res = await placeOrder(shopper.token, orderOf(notebook.id, 1));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Choose a size for Spiral Ruled Notebook',
      code: 'cart_refused',
      fields: { [`products.${notebook.id}`]: 'Choose a size for Spiral Ruled Notebook' },
    });
    const diary = byTitle('Classic Hardbound Diary 2025');
    const colourless = await placeOrder(shopper.token, {
      ...orderOf(diary.id, 1),
      lines: [{ productId: diary.id, quantity: 1, size: 'A5' }],
    });
    expect(colourless.statusCode).toBe(400);
    expect(colourless.json().fields).toEqual({
      'lines.0': 'Choose a colour for Classic Hardbound Diary 2025',
    });
  });

  it('takes stock from the chosen variant only', async () => {
    const diary = byTitle('Classic Hardbound Diary 2025');
    await setStock(t.db, diary.id, 10, { size: 'A5', color: 'Maroon' });
    await setStock(t.db, diary.id, 10, { size: 'A5', color: 'Black' });
    const res = await placeOrder(shopper.token, {
      ...orderOf(diary.id, 2),
      // one size only: the line need not name it
      lines: [{ productId: diary.id, quantity: 2, color: 'Maroon' }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().items[0]).toMatchObject({ size: 'A5', color: 'Maroon', quantity: 2 });
    expect(await stockOf(t.db, diary.id, { size: 'A5', color: 'Maroon' })).toBe(8);
    expect(await stockOf(t.db, diary.id, { size: 'A5', color: 'Black' })).toBe(10);
  });
});

describe('the storefront sees stock change', () => {
  const shown = async () =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' })).json()
        .data as Product[]
    ).find((p) => p.id === plain.id)!.availability;

  it('at once when an order changes what is shown, without clearing the cache otherwise', async () => {
    await setStock(t.db, plain.id, 8);
    t.app.catalogueChanged();
    expect(await shown()).toEqual({ status: 'in_stock', left: null });
    expect((await placeOrder(shopper.token, orderOf(plain.id, 1))).statusCode).toBe(201);
    // 7 left still reads "in stock": the cached listing stays
    expect(t.app.catalogueCache.size).toBeGreaterThan(0);
    expect((await placeOrder(shopper.token, orderOf(plain.id, 2))).statusCode).toBe(201);
    expect(await shown()).toEqual({ status: 'low_stock', left: 5 });
    expect((await placeOrder(shopper.token, orderOf(plain.id, 5))).statusCode).toBe(201);
    expect(await shown()).toEqual({ status: 'sold_out', left: null });
  });
});

describe('cancelling returns stock', () => {
  it('once, even when two operators cancel at the same moment', async () => {
    await setStock(t.db, plain.id, 10);
    const res = await placeOrder(shopper.token, orderOf(plain.id, 3));
    const id = res.json().id as string;
    expect(await stockOf(t.db, plain.id)).toBe(7);
    const outcomes = await Promise.allSettled([
      transitionOrder(t.db, id, 'cancel'),
      transitionOrder(t.db, id, 'cancel'),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await stockOf(t.db, plain.id)).toBe(10);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${id}`,
      headers: authHeader(shopper.token),
    });
    expect(seen.json()).toMatchObject({ status: 4, cancelReason: 'operator', payBy: null });
  });

  it('flags the payment of a paid order as owed back', async () => {
    const id = await placePaidOrder(t.app, shopper.token);
    await transitionOrder(t.db, id, 'cancel');
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, id));
    expect(rows.filter((p) => p.status === 'succeeded').map((p) => p.needsRefund)).toEqual([true]);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${id}`,
      headers: authHeader(shopper.token),
    });
    expect(seen.json()).toMatchObject({
      status: 4,
      paymentStatus: 'paid',
      cancelReason: 'operator',
    });
  });
});

describe('expireUnpaidOrders', () => {
  const window = 30 * 60_000;
  const placedAgo = async (ms: number, quantity = 1) => {
    const res = await placeOrder(shopper.token, orderOf(plain.id, quantity));
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(orders.id, id));
    return id;
  };
  const viewed = async (id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${id}`,
        headers: authHeader(shopper.token),
      })
    ).json();

  it('cancels only old unpaid orders, returns their stock and expires their open attempts', async () => {
    await setStock(t.db, plain.id, 50);
    const old = await placedAgo(window + 60_000, 3);
    const attempt = await pay(t.app, shopper.token, old, validFields('gateway'));
    expect(attempt.statusCode).toBeLessThan(300);
    const fresh = await placedAgo(5 * 60_000, 2);
    const confirming = await placedAgo(window + 60_000, 4);
    // PayU said `pending`: the money is being confirmed, so the order waits for the answer
    await t.db.insert(payments).values({
      id: `pay_confirming_${confirming}`,
      storeId: DEFAULT_STORE_ID,
      orderId: confirming,
      provider: 'payu',
      amountPaise: 100,
      status: 'pending',
      providerStatus: 'pending',
    });
    const paid = await placePaidOrder(t.app, shopper.token);
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - window * 2) })
      .where(eq(orders.id, paid));
    expect(await stockOf(t.db, plain.id)).toBe(50 - 3 - 2 - 4);
    let notified = 0;

    const n = await expireUnpaidOrders(t.db, {
      olderThanMs: window,
      onAvailabilityChange: () => notified++,
    });

    expect(n).toBe(1);
    expect(await viewed(old)).toMatchObject({ status: 4, cancelReason: 'expired', payBy: null });
    expect(await stockOf(t.db, plain.id)).toBe(50 - 2 - 4);
    const attempts = await t.db.select().from(payments).where(eq(payments.orderId, old));
    expect(attempts.map((p) => p.status)).toEqual(['expired']);
    expect(await viewed(fresh)).toMatchObject({ status: 0, paymentStatus: 'unpaid' });
    expect(Date.parse((await viewed(fresh)).payBy)).toBeGreaterThan(Date.now());
    expect(await viewed(confirming)).toMatchObject({ status: 0, paymentStatus: 'confirming' });
    expect(await viewed(paid)).toMatchObject({ status: 1, paymentStatus: 'paid' });
    // 44 -> 47 units: "in stock" either way, so no storefront needs telling
    expect(notified).toBe(0);
    expect(await expireUnpaidOrders(t.db, { olderThanMs: window })).toBe(0);
  });
});
