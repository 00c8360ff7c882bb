import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_LIST_MAX } from '@store/contracts/limits';
import { insertShoppers, type Shopper } from '../../test/shoppers';
import { setStock } from '../../test/stock';
import {
  authHeader,
  createTestApp,
  plainProducts,
  testShippingAddress,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
let many: Shopper;
let few: Shopper;
const placed: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [many, few] = (await insertShoppers(t.app, t.db, 2)) as [Shopper, Shopper];
  const [product] = await plainProducts(t.app, 1);
  await setStock(t.db, product!.id, 1000);
  for (let i = 0; i < ORDER_LIST_MAX + 3; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: authHeader(many.token),
      payload: { products: { [product!.id]: 1 }, shippingAddress: testShippingAddress },
    });
    placed.unshift(res.json().id);
  }
});
afterAll(() => t.close());

const list = (user: Shopper, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/orders${query}`, headers: authHeader(user.token) });

describe('GET /orders, a page at a time', () => {
  it('without parameters answers the spec’s array, capped, and says how to get more', async () => {
    const res = await list(many);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(ORDER_LIST_MAX);
    expect(res.headers['x-total-count']).toBe(String(ORDER_LIST_MAX + 3));
    expect(res.headers.link).toBe(`</api/v1/orders?page=2&limit=${ORDER_LIST_MAX}>; rel="next"`);
    expect(body[0]).toMatchObject({ paymentStatus: 'unpaid', cancelReason: null, status: 0 });
    expect(typeof body[0].payBy).toBe('string');
  });

  it('pages newest first without overlap, and the last page has no next link', async () => {
    const first = await list(many, '?page=1&limit=40');
    const second = await list(many, '?page=2&limit=40');
    const last = await list(many, '?page=3&limit=40');
    expect(first.headers.link).toBe('</api/v1/orders?page=2&limit=40>; rel="next"');
    expect(second.headers.link).toBe('</api/v1/orders?page=3&limit=40>; rel="next"');
    expect(last.headers.link).toBeUndefined();
    const ids = [first, second, last].flatMap((r) => r.json().map((o: { id: string }) => o.id));
    expect(ids).toEqual(placed);
    expect(last.json()[0].items).toHaveLength(1);
  });

  it('answers an empty page past the end, and a short history in one page', async () => {
    const past = await list(many, '?page=9&limit=40');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(ORDER_LIST_MAX + 3));
    const none = await list(few);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    expect(none.headers.link).toBeUndefined();
  });

  it.each(['?limit=101', '?limit=0', '?page=0', '?page=x'])('refuses %s with 400', async (q) => {
    const res = await list(many, q);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
  });
});
