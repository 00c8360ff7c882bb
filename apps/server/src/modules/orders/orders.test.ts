import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  createTestApp,
  placeTestOrder,
  plainProducts,
  registerAndLogin,
  testShippingAddress,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { normalizeOrderId } from './order-id';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let productIds: string[];
let prices: number[];
beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = [
    await registerAndLogin(t.app),
    await registerAndLogin(t.app, { email: 'Bob@Example.in' }),
  ];
  // products without sizes or colours, in stock
  const list = await plainProducts(t.app, 3);
  productIds = list.map((p) => p.id);
  prices = list.map((p) => p.discountedPrice ?? p.regularPrice);
});
afterAll(() => t.close());

const createOrder = (token: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: token ? authHeader(token) : {},
    payload,
  });

describe('POST /orders', () => {
  it('prices from the catalogue only, ignoring a total in the body', async () => {
    const res = await createOrder(alice.token, {
      products: { [productIds[0]!]: 2, [productIds[1]!]: 1 },
      shippingAddress: testShippingAddress,
      total: 1,
    });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(order).toMatchObject({
      status: 0,
      shippingMethod: 'Standard Shipping',
      trackingNumber: null,
    });
    expect(order.total).toBeCloseTo(prices[0]! * 2 + prices[1]!, 2);
    expect(order.items).toHaveLength(2);
    expect(order.shippingAddress).toMatchObject({
      city: 'Bengaluru',
      postalCode: '560038',
      phone: '+919876543210',
    });
  });

  it('answers 401 without a token', async () => {
    const res = await createOrder(undefined, {
      products: { [productIds[0]!]: 1 },
      shippingAddress: testShippingAddress,
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [
      'an unknown product',
      () => ({ products: { '00000000-0000-4000-8000-000000000000': 1 } }),
      'products.00000000-0000-4000-8000-000000000000',
    ],
    ['an empty cart', () => ({ products: {} }), 'products'],
    ['a zero quantity', () => ({ products: { [productIds[0]!]: 0 } }), 'products.P0'],
    ['a quantity of 100', () => ({ products: { [productIds[0]!]: 100 } }), 'products.P0'],
    ['a fractional quantity', () => ({ products: { [productIds[0]!]: 1.5 } }), 'products.P0'],
    [
      'a blank city',
      () => ({ shippingAddress: { ...testShippingAddress, city: '   ' } }),
      'shippingAddress.city',
    ],
    [
      'a PIN starting with 0',
      () => ({ shippingAddress: { ...testShippingAddress, postalCode: '012345' } }),
      'shippingAddress.postalCode',
    ],
    [
      'a landline phone',
      () => ({ shippingAddress: { ...testShippingAddress, phone: '0802345678' } }),
      'shippingAddress.phone',
    ],
    [
      'an escape sequence in the name',
      () => ({ shippingAddress: { ...testShippingAddress, fullName: 'Asha\u001b[2J Rao' } }),
      'shippingAddress.fullName',
    ],
    [
      'an unknown address field',
      () => ({ shippingAddress: { ...testShippingAddress, landmark: 'x' } }),
      'shippingAddress.landmark',
    ],
  ])('answers 400 with fields for %s', async (_name, change, field) => {
    const res = await createOrder(alice.token, {
      products: { [productIds[0]!]: 1 },
      shippingAddress: testShippingAddress,
      ...change(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
    expect(Object.keys(res.json().fields)).toContain(field.replace('P0', productIds[0]!));
  });

  describe('with the size and colour of each cart line', () => {
    let sized: { id: string; sizes: string[]; colors: string[] };
    beforeAll(async () => {
      const all = (await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' })).json()
        .data as {
        id: string;
        attributes: { key: string; value: string[] }[];
      }[];
      const values = (p: (typeof all)[number], keys: string[]) =>
        p.attributes.filter((a) => keys.includes(a.key.toLowerCase())).flatMap((a) => a.value);
      const p = all.find(
        (x) =>
          values(x, ['size', 'sizes']).length > 1 &&
          values(x, ['colours', 'colors', 'color']).length > 0,
      )!;
      sized = {
        id: p.id,
        sizes: values(p, ['size', 'sizes']),
        colors: values(p, ['colours', 'colors', 'color']),
      };
    });

    it('keeps each chosen size and colour on its own line', async () => {
      const [a, b] = sized.sizes as [string, string];
      const colour = sized.colors[0]!;
      const res = await createOrder(alice.token, {
        products: { [sized.id]: 3 },
        lines: [
          { productId: sized.id, quantity: 2, size: a, color: colour },
          { productId: sized.id, quantity: 1, size: b },
        ],
        shippingAddress: testShippingAddress,
      });
      expect(res.statusCode).toBe(201);
      expect(
        res
          .json()
          .items.map((i: { quantity: number; size: string | null; color: string | null }) => [
            i.quantity,
            i.size,
            i.color,
          ]),
      ).toEqual([
        [2, a, colour],
        // the product comes in one colour only: a line without a choice gets it (and its stock)
        [1, b, sized.colors.length === 1 ? colour : null],
      ]);
      const listed = (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/orders',
          headers: authHeader(alice.token),
        })
      ).json();
      expect(listed.find((o: { id: string }) => o.id === res.json().id).items[0].size).toBe(a);
    });

    it('refuses lines that do not add up to the products', async () => {
      const res = await createOrder(alice.token, {
        products: { [sized.id]: 5 },
        lines: [{ productId: sized.id, quantity: 1, size: sized.sizes[0] }],
        shippingAddress: testShippingAddress,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('lines');
    });

    it('refuses a size the product does not offer', async () => {
      const res = await createOrder(alice.token, {
        products: { [sized.id]: 1 },
        lines: [{ productId: sized.id, quantity: 1, size: 'A0 poster' }],
        shippingAddress: testShippingAddress,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ 'lines.0.size': 'This size is not offered' });
    });
  });

  it('refuses more than 50 lines', async () => {
    const products = Object.fromEntries(
      Array.from({ length: 51 }, (_, i) => [
        `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        1,
      ]),
    );
    const res = await createOrder(alice.token, { products, shippingAddress: testShippingAddress });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('products');
  });
});

describe('GET /orders', () => {
  it("lists only the caller's orders, newest first", async () => {
    const first = await placeTestOrder(t.app, bob.token, 1);
    const second = await placeTestOrder(t.app, bob.token, 2);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders',
      headers: authHeader(bob.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/orders' })).statusCode).toBe(401);
  });
});

describe('GET /orders/{orderId}', () => {
  const track = (id: string, contactInfo?: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${id}${contactInfo === undefined ? '' : `?contactInfo=${encodeURIComponent(contactInfo)}`}`,
      headers: token ? authHeader(token) : {},
    });

  it.each(['BOB@example.IN', '9876543210', '+91 98765 43210', '+919876543210'])(
    'answers a visitor who gives %s',
    async (contact) => {
      const order = await placeTestOrder(t.app, bob.token, 1);
      const res = await track(order.id, contact);
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(order.id);
      // typed in lower case works too
      expect((await track(order.id.toLowerCase(), contact)).statusCode).toBe(200);
    },
  );

  it("answers the owner's token without contactInfo, but not another shopper's", async () => {
    const order = await placeTestOrder(t.app, bob.token, 1);
    expect((await track(order.id, undefined, bob.token)).statusCode).toBe(200);
    expect((await track(order.id, undefined, alice.token)).statusCode).toBe(404);
  });

  it('gives a wrong contact exactly the same 404 as an unknown id', async () => {
    const order = await placeTestOrder(t.app, bob.token, 1);
    const wrong = await track(order.id, 'someone@example.in');
    const unknown = await track('ZZZZZZZZZZ', 'bob@example.in');
    const bad = await track('x', 'bob@example.in');
    expect(wrong.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(bad.statusCode).toBe(404);
    expect(wrong.body).toBe(unknown.body);
    expect(bad.body).toBe(unknown.body);
  });
});

describe('order ids', () => {
  it('normalizes what a shopper types', () => {
    expect(normalizeOrderId(' abcdefghjk ')).toBe('ABCDEFGHJK');
    expect(normalizeOrderId('O0IL1ABCDE')).toBe('00111ABCDE');
    expect(normalizeOrderId('short')).toBeNull();
  });
});
