import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders } from '../../db/schema';
import { IDEMPOTENCY_KEY_REUSED } from '../../lib/idempotency';
import { insertShoppers, listenOnPort, type Shopper } from '../../test/shoppers';
import { setStock, stockOf } from '../../test/stock';
import {
  authHeader,
  createTestApp,
  plainProducts,
  testShippingAddress,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
let base: string;
let alice: Shopper;
let bob: Shopper;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = (await insertShoppers(t.app, t.db, 2)) as [Shopper, Shopper];
  productId = (await plainProducts(t.app, 1))[0]!.id;
  base = await listenOnPort(t.app);
});
afterAll(() => t.close());

const body = (quantity = 1) => ({
  products: { [productId]: quantity },
  shippingAddress: testShippingAddress,
});

async function post(token: string, key: string | undefined, payload: object) {
  const res = await fetch(`${base}/api/v1/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...authHeader(token),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify(payload),
  });
  return {
    status: res.status,
    replayed: res.headers.get('idempotent-replayed'),
    text: await res.text(),
  };
}

const ordersOf = async (userId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.userId, userId))
  )[0]!.n;

describe('POST /orders with an Idempotency-Key, over a real port', () => {
  it('makes one order of ten concurrent identical requests, and answers all ten alike', async () => {
    await setStock(t.db, productId, 100);
    const before = await ordersOf(alice.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(alice.token, 'checkout-1', body(2))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => a.replayed === 'true')).toHaveLength(9);
    expect(await ordersOf(alice.id)).toBe(before + 1);
    expect(await stockOf(t.db, productId)).toBe(98);
  });

  it('refuses the same key with another body (422) and stores nothing', async () => {
    const before = await ordersOf(alice.id);
    const other = await post(alice.token, 'checkout-1', body(3));
    expect(other.status).toBe(422);
    expect(JSON.parse(other.text)).toEqual({
      error: IDEMPOTENCY_KEY_REUSED,
      code: 'unprocessable',
    });
    expect(await ordersOf(alice.id)).toBe(before);
  });

  it("keeps keys per shopper: another shopper's same key is their own order", async () => {
    const first = await post(alice.token, 'shared-key', body());
    const second = await post(bob.token, 'shared-key', body());
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.replayed).toBeNull();
    expect(JSON.parse(second.text).id).not.toBe(JSON.parse(first.text).id);
  });

  it('forgets a key after 24 hours: the retry is a new order', async () => {
    const first = await post(alice.token, 'old-key', body());
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.userId, alice.id), eq(idempotencyKeys.key, 'old-key')));
    const again = await post(alice.token, 'old-key', body());
    expect(again.status).toBe(201);
    expect(again.replayed).toBeNull();
    expect(JSON.parse(again.text).id).not.toBe(JSON.parse(first.text).id);
    // and the new answer is the one kept from now on
    const third = await post(alice.token, 'old-key', body());
    expect(third.replayed).toBe('true');
    expect(third.text).toBe(again.text);
  });

  it('stores no refusal: after a 409 the retry with the same key runs again', async () => {
    await setStock(t.db, productId, 0);
    expect((await post(alice.token, 'after-restock', body())).status).toBe(409);
    await setStock(t.db, productId, 5);
    const retry = await post(alice.token, 'after-restock', body());
    expect(retry.status).toBe(201);
    expect(retry.replayed).toBeNull();
  });

  it('without a key, each request is its own order', async () => {
    await setStock(t.db, productId, 5);
    const before = await ordersOf(bob.id);
    await post(bob.token, undefined, body());
    await post(bob.token, undefined, body());
    expect(await ordersOf(bob.id)).toBe(before + 2);
  });

  it.each([
    ['blank', '   '],
    ['too long', 'k'.repeat(256)],
    ['not printable ASCII', 'clé-1'],
  ])('refuses a %s key with 400', async (_, key) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...authHeader(alice.token), 'idempotency-key': key },
      payload: body(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Idempotency-Key/);
  });
});
