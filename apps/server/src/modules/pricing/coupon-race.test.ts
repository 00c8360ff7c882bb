import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountUses, orders } from '../../db/schema';
import { insertShoppers, listenOnPort, type Shopper } from '../../test/shoppers';
import { signInStaff } from '../../test/staff';
import { setStock } from '../../test/stock';
import {
  authHeader,
  createTestApp,
  plainProducts,
  testShippingAddress,
  type TestApp,
} from '../../test/test-app';
import { createDiscount, uniqueCode } from './test-discounts';

let t: TestApp;
let productId: string;
let owner: Awaited<ReturnType<typeof signInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
  productId = (await plainProducts(t.app, 1))[0]!.id;
});
afterAll(() => t.close());

let listening: string | undefined;
/** The first app's real port, opened once. */
const baseUrl = async () => (listening ??= await listenOnPort(t.app));

/** Every shopper at once over real HTTP, each ordering one unit with the code. */
async function rush(bases: string[], shoppers: Shopper[], code: string) {
  const answers = await Promise.all(
    shoppers.map(async (s, i) => {
      const res = await fetch(`${bases[i % bases.length]}/api/v1/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...authHeader(s.token) },
        body: JSON.stringify({
          products: { [productId]: 1 },
          shippingAddress: testShippingAddress,
          couponCode: code,
        }),
      });
      return { status: res.status, body: await res.json() };
    }),
  );
  return {
    placed: answers.filter((a) => a.status === 201),
    refused: answers.filter((a) => a.status === 409),
    others: answers.filter((a) => a.status !== 201 && a.status !== 409),
  };
}

const usesOf = async (discountId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(discountUses)
      .innerJoin(orders, eq(orders.id, discountUses.orderId))
      .where(eq(discountUses.discountId, discountId))
  )[0]!.n;

describe('the coupon race', () => {
  it('100 shoppers at once and a code limited to 10 uses: exactly 10 orders get it', async () => {
    await setStock(t.db, productId, 1_000);
    const code = uniqueCode('RUSH');
    const discount = await createDiscount(t.app, owner.headers, { code, usageLimit: 10 });
    const result = await rush([await baseUrl()], await insertShoppers(t.app, t.db, 100), code);
    expect(result.others).toEqual([]);
    expect(result.placed).toHaveLength(10);
    expect(result.placed.every((a) => a.body.couponCode === code && a.body.discount > 0)).toBe(
      true,
    );
    expect(result.refused).toHaveLength(90);
    expect(new Set(result.refused.map((a) => JSON.stringify(a.body)))).toEqual(
      new Set([
        JSON.stringify({
          error: 'This code has been used up',
          code: 'coupon_refused',
          fields: { couponCode: 'This code has been used up', 'couponCode.reason': 'used_up' },
        }),
      ]),
    );
    expect(await usesOf(discount.id)).toBe(10);
    // 100 orders over HTTP on a busy 2-core machine (PGlite runs them one at a time)
  }, 120_000);

  it('holds with two app instances on one database (two pools on PostgreSQL)', async () => {
    const code = uniqueCode('RUSH2');
    const discount = await createDiscount(t.app, owner.headers, {
      code,
      usageLimit: 7,
      perCustomerLimit: 1,
    });
    const second = await createTestApp({}, { sameDatabaseAs: t });
    try {
      const shoppers = await insertShoppers(t.app, t.db, 30);
      // each shopper twice, on both instances: the per-customer limit holds under the race too
      const result = await rush(
        [await baseUrl(), await listenOnPort(second.app)],
        [...shoppers, ...shoppers],
        code,
      );
      expect(result.others).toEqual([]);
      expect(result.placed).toHaveLength(7);
      expect(new Set(result.placed.map((a) => a.body.id)).size).toBe(7);
      expect(await usesOf(discount.id)).toBe(7);
      const perShopper = await t.db
        .select({ userId: discountUses.userId, n: sql<number>`count(*)::int` })
        .from(discountUses)
        .where(eq(discountUses.discountId, discount.id))
        .groupBy(discountUses.userId);
      expect(perShopper.every((r) => r.n === 1)).toBe(true);
    } finally {
      await second.close();
    }
  }, 120_000);
});
