import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewMessages } from '@store/contracts/review-rules';
import { activityLog, orderItems } from '../../db/schema';
import { placePaidOrder } from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import {
  authHeader,
  createTestApp,
  registerAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { transitionOrder } from '../orders/order-transitions.service';
import { pageHead } from '../seo/page-head';

let t: TestApp;
let owner: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
});
afterAll(() => t.close());

const actor = (storeId: string) => ({ storeId, staffId: null, label: 'test' });

/** A paid order of the shopper; shipped and delivered unless `deliver` is false. Its products. */
async function orderFor(shopper: TestUser, deliver = true) {
  const id = await placePaidOrder(t.app, shopper.token);
  if (deliver) {
    await transitionOrder(t.db, id, 'ship', { trackingNumber: 'EE1', actor });
    await transitionOrder(t.db, id, 'deliver', { actor });
  }
  const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, id));
  return items.map((i) => i.productId!);
}

const review = { rating: 5, title: 'Smooth paper', text: 'No bleed with a fountain pen.' };

const write = (productId: string, token: string | null, body: object = review) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/products/${productId}/reviews`,
    headers: token ? authHeader(token) : {},
    payload: body,
  });

const get = async (url: string, token?: string) =>
  (await t.app.inject({ method: 'GET', url, headers: token ? authHeader(token) : {} })).json();

const moderate = (reviewId: string, action: 'publish' | 'hide') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/reviews/${reviewId}/${action}`,
    headers: owner.headers,
  });

/** The product's Product JSON-LD as its page's head carries it. */
async function productLd(productId: string) {
  const host = 'localhost';
  const request = {
    url: `/product/${productId}`,
    headers: { host },
    host,
    hostname: host,
    protocol: 'http',
  } as unknown as FastifyRequest;
  const { head } = await pageHead(t.app, request);
  const [ld] = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  return ld!;
}

describe('Write a review (the shopper)', () => {
  it('is for a shopper who received the product, once per product', async () => {
    const shopper = await registerAndLogin(t.app);
    const [bought, other] = await orderFor(shopper);
    const url = `/api/v1/products/${bought}/reviews/mine`;
    expect(await get(url, shopper.token)).toEqual({ canReview: true, review: null });

    const res = await write(bought!, shopper.token);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      canReview: false,
      review: { ...review, status: 'pending' },
    });
    const again = await write(bought!, shopper.token, { ...review, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: reviewMessages.alreadyReviewed, code: 'review_exists' });
    // the other line of the same delivered order can still be reviewed
    expect((await write(other!, shopper.token)).statusCode).toBe(201);
  });

  it('refuses a visitor, a shopper who did not buy, and one whose order is not delivered', async () => {
    const buyer = await registerAndLogin(t.app);
    const [notYet] = await orderFor(buyer, false);
    expect((await write(notYet!, null)).statusCode).toBe(401);

    const refused = await write(notYet!, buyer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: reviewMessages.notBought, code: 'review_not_allowed' });
    expect(await get(`/api/v1/products/${notYet}/reviews/mine`, buyer.token)).toEqual({
      canReview: false,
      review: null,
    });

    const stranger = await registerAndLogin(t.app);
    expect((await write(notYet!, stranger.token)).statusCode).toBe(403);
  });

  it('answers 4xx with the field for bad input, and 404 for an unknown product', async () => {
    const shopper = await registerAndLogin(t.app);
    const [bought] = await orderFor(shopper);
    for (const [body, field] of [
      [{ ...review, rating: 6 }, 'rating'],
      [{ ...review, rating: 4.5 }, 'rating'],
      [{ ...review, title: '  ' }, 'title'],
      [{ ...review, title: 'x'.repeat(121) }, 'title'],
      [{ ...review, text: 'x'.repeat(2001) }, 'text'],
    ] as const) {
      const res = await write(bought!, shopper.token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid_input',
        fields: { [field]: expect.any(String) },
      });
    }
    expect((await write(bought!, shopper.token, { ...review, extra: 1 })).statusCode).toBe(400);
    const unknown = await write('00000000-0000-4000-8000-000000000000', shopper.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('Reviews (the back office) and the product', () => {
  it('publishing moves the average and count, hiding takes them back; only published show', async () => {
    const first = await registerAndLogin(t.app);
    const second = await registerAndLogin(t.app);
    const [productId] = await orderFor(first);
    await orderFor(second);
    const productUrl = `/api/v1/products/${productId}`;
    const listUrl = `/api/v1/products/${productId}/reviews`;
    expect((await get(productUrl)).rating).toBeNull();

    await write(productId!, first.token, { ...review, rating: 5 });
    await write(productId!, second.token, { ...review, rating: 2, title: 'Thin pages' });
    const table = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/reviews?status=pending',
      headers: owner.headers,
    });
    const rows = (table.json() as { data: { id: string; title: string; productId: string }[] }).data
      .filter((r) => r.productId === productId)
      // earlier tests' reviews of the same product wait too: these two are the newest
      .slice(0, 2);
    expect(rows.map((r) => r.title)).toEqual(['Thin pages', 'Smooth paper']);
    // a pending review is nowhere on the storefront
    expect((await get(listUrl)).data).toEqual([]);
    expect(await productLd(productId!)).not.toHaveProperty('aggregateRating');

    expect((await moderate(rows[1]!.id, 'publish')).statusCode).toBe(204);
    expect((await get(productUrl)).rating).toEqual({ average: 5, count: 1 });
    expect((await moderate(rows[0]!.id, 'publish')).statusCode).toBe(204);
    expect((await get(productUrl)).rating).toEqual({ average: 3.5, count: 2 });
    const listed = await get(listUrl);
    expect(listed).toMatchObject({ total: 2, page: 1 });
    expect(listed.data.map((r: { title: string }) => r.title)).toEqual([
      'Thin pages',
      'Smooth paper',
    ]);
    expect(listed.data[0].author).toMatch(/^\S+ \S\.$/);
    expect(await productLd(productId!)).toMatchObject({
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 3.5,
        reviewCount: 2,
        bestRating: 5,
        worstRating: 1,
      },
    });

    await moderate(rows[0]!.id, 'hide');
    expect((await get(productUrl)).rating).toEqual({ average: 5, count: 1 });
    await moderate(rows[1]!.id, 'hide');
    expect((await get(productUrl)).rating).toBeNull();
    expect(await productLd(productId!)).not.toHaveProperty('aggregateRating');

    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'review'), eq(activityLog.entityId, rows[0]!.id)));
    expect(logged.map((l) => l.action).sort()).toEqual(['review.hide', 'review.publish']);
  });

  it('answers 404 for an unknown review and keeps the table for staff', async () => {
    expect((await moderate('00000000-0000-4000-8000-000000000000', 'publish')).statusCode).toBe(
      404,
    );
    expect((await moderate('not-a-review', 'hide')).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/admin/reviews' });
    expect(anonymous.statusCode).toBe(401);
  });
});
