import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartQuote } from '@store/contracts/cart-quote';
import { authHeader, createTestApp, plainProducts, type TestApp } from '../../test/test-app';
import { insertShoppers, type Shopper } from '../../test/shoppers';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { createDiscount, uniqueCode } from './test-discounts';

let t: TestApp;
let owner: SignedInStaff;
let shopper: Shopper;
let products: Awaited<ReturnType<typeof plainProducts>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
  [shopper] = (await insertShoppers(t.app, t.db, 1)) as [Shopper];
  products = await plainProducts(t.app, 3);
});
afterAll(() => t.close());

const priceOf = (p: (typeof products)[number]) => p.discountedPrice ?? p.regularPrice;

const quote = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/cart/quote',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const lines = (quantities: number[]) =>
  quantities.map((quantity, i) => ({ productId: products[i]!.id, quantity }));

describe('POST /cart/quote', () => {
  it('prices the cart from the catalogue, with no discount and free delivery (the seeded store has no rates)', async () => {
    const res = await quote({ lines: lines([2, 1]) });
    expect(res.statusCode).toBe(200);
    const q = res.json() as CartQuote;
    const subtotal = priceOf(products[0]!) * 2 + priceOf(products[1]!);
    expect(q).toMatchObject({
      subtotal,
      discount: 0,
      delivery: { charge: 0, waived: 0, amount: 0, basis: 'free', label: 'Free', toFree: null },
      codFee: 0,
      total: subtotal,
      offers: [],
      coupon: null,
      unavailable: [],
    });
    expect(q.lines.map((l) => [l.productId, l.quantity, l.total])).toEqual([
      [products[0]!.id, 2, priceOf(products[0]!) * 2],
      [products[1]!.id, 1, priceOf(products[1]!)],
    ]);
  });

  it('applies a code, any case, and says why another does not apply', async () => {
    const code = uniqueCode('TEN');
    await createDiscount(t.app, owner.headers, { code });
    const ok = (
      await quote({ lines: lines([1, 1]), couponCode: ` ${code.toLowerCase()} ` })
    ).json();
    const subtotal = priceOf(products[0]!) + priceOf(products[1]!);
    expect(ok.coupon).toEqual({ code, applied: true, reason: null, message: null });
    expect(ok.discount).toBe(Math.round(subtotal * 10) / 100);
    expect(ok.total).toBe(Math.round((subtotal - ok.discount) * 100) / 100);
    expect(ok.offers).toEqual([
      { code, description: '10% off', kind: 'percentage', amount: ok.discount },
    ]);
    expect(ok.lines.reduce((s: number, l: { discount: number }) => s + l.discount * 100, 0)).toBe(
      Math.round(ok.discount * 100),
    );

    const big = uniqueCode('BIG');
    await createDiscount(t.app, owner.headers, { code: big, minOrder: 999_999 });
    const refused = (await quote({ lines: lines([1]), couponCode: big })).json();
    expect(refused.coupon).toEqual({
      code: big,
      applied: false,
      reason: 'min_order',
      message: 'This code needs an order of ₹9,99,999 or more',
    });
    expect(refused.discount).toBe(0);
    const unknown = (await quote({ lines: lines([1]), couponCode: 'NO-SUCH-CODE' })).json();
    expect(unknown.coupon).toMatchObject({ reason: 'unknown', message: 'This code is not valid' });
  });

  it('counts a signed-in shopper’s own uses against the limit per customer', async () => {
    const code = uniqueCode('ONCE');
    await createDiscount(t.app, owner.headers, { code, perCustomerLimit: 1 });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: authHeader(shopper.token),
      payload: {
        products: { [products[2]!.id]: 1 },
        shippingAddress: {
          fullName: 'Asha Verma',
          address: '12 MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          postalCode: '560038',
          phone: '+91 98765 43210',
        },
        couponCode: code,
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const mine = (
      await quote({ lines: lines([1]), couponCode: code }, authHeader(shopper.token))
    ).json();
    expect(mine.coupon).toMatchObject({
      applied: false,
      reason: 'customer_limit',
      message: 'You have already used this code',
    });
    // a visitor has no past orders: the order will check
    const visitor = (await quote({ lines: lines([1]), couponCode: code })).json();
    expect(visitor.coupon).toMatchObject({ applied: true });
  });

  it('leaves out products the shop no longer sells, and names them', async () => {
    const gone = '00000000-0000-4000-8000-000000000000';
    const q = (
      await quote({
        lines: [
          ...lines([1]),
          { productId: gone, quantity: 3 },
          { productId: 'junk', quantity: 1 },
        ],
      })
    ).json();
    expect(q.unavailable).toEqual([gone, 'junk']);
    expect(q.lines).toHaveLength(1);
    expect(q.total).toBe(priceOf(products[0]!));
  });

  it.each([
    ['not JSON', '{"lines": [', 'malformed_json'],
    ['no lines', {}, 'invalid_input'],
    ['lines not a list', { lines: 'many' }, 'invalid_input'],
    ['a zero quantity', { lines: [{ productId: 'x', quantity: 0 }] }, 'invalid_input'],
    ['a fractional quantity', { lines: [{ productId: 'x', quantity: 1.5 }] }, 'invalid_input'],
    [
      '51 lines',
      { lines: Array.from({ length: 51 }, () => ({ productId: 'x', quantity: 1 })) },
      'invalid_input',
    ],
    ['a 10,000-character code', { lines: [], couponCode: 'A'.repeat(10_000) }, 'invalid_input'],
    ['a code that is a number', { lines: [], couponCode: 42 }, 'invalid_input'],
    ['a field it does not know', { lines: [], total: 1 }, 'invalid_input'],
    [
      'an address field it does not know',
      { lines: [], shippingAddress: { pin: '560038' } },
      'invalid_input',
    ],
  ])('answers %s with a 400 JSON body, never a 500', async (_name, payload, code) => {
    const res = await quote(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });

  it('takes a half-typed address and an empty cart', async () => {
    const res = await quote({ lines: [], shippingAddress: { state: 'Karnat', postalCode: '56' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subtotal: 0, total: 0, lines: [] });
  });

  it('is rate-limited per address: the 61st quote in a minute is a 429', async () => {
    const fresh = await createTestApp();
    try {
      const ask = () =>
        fresh.app.inject({
          method: 'POST',
          url: '/api/v1/cart/quote',
          payload: { lines: [] },
          remoteAddress: '203.0.113.9',
        });
      for (let i = 0; i < 60; i++) expect((await ask()).statusCode).toBe(200);
      const over = await ask();
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('rate_limited');
    } finally {
      await fresh.close();
    }
  });
});
