/**
 * Issue 26, customers remembered: a signed-in shopper's cart and wishlist kept on the server, the
 * same on every device. Changes from two devices at once lose and duplicate nothing; every answer
 * re-checks each line's product (price, stock, still on sale); an order empties the cart.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountCart, CartLineView, WishlistItemView } from '@store/contracts/account-lists';
import type { CartChange } from '@store/contracts/list-changes';
import { ORDER_MAX_LINES, ORDER_MAX_QUANTITY, WISHLIST_MAX_ITEMS } from '@store/contracts/limits';
import { carts, products } from '../../db/schema';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { saveProduct } from '../../test/products';
import { setStock } from '../../test/stock';
import {
  authHeader,
  createTestApp,
  plainProducts,
  registerAndLogin,
  testShippingAddress,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

let t: TestApp;
let staff: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signInStaff(t.app, t.db, 'owner');
});
afterAll(() => t.close());

const CART = '/api/v1/account/cart';
const WISHLIST = '/api/v1/account/wishlist';

const getCart = async (u: TestUser, app = t.app): Promise<AccountCart> => {
  const res = await app.inject({ url: CART, headers: authHeader(u.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AccountCart;
};
const change = (u: TestUser, changes: unknown, app = t.app) =>
  app.inject({
    method: 'POST',
    url: `${CART}/changes`,
    headers: authHeader(u.token),
    payload: { changes },
  });
const changed = async (u: TestUser, changes: CartChange[], app = t.app): Promise<AccountCart> => {
  const res = await change(u, changes, app);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AccountCart;
};
const merge = (productId: string, quantity = 1, size = '', color = ''): CartChange => ({
  op: 'merge',
  productId,
  size,
  color,
  quantity,
});
const quantities = (cart: AccountCart) =>
  Object.fromEntries(cart.lines.map((l) => [`${l.productId}|${l.size}|${l.color}`, l.quantity]));

/** A product made for the test, so its price, stock and state can change without touching others. */
const newProduct = (title: string, over: Parameters<typeof saveProduct>[2] = {}) =>
  saveProduct(t.app, staff, { title, regularPrice: 250, stock: 20, ...over });

describe('the account cart', () => {
  it('is for signed-in shoppers only', async () => {
    for (const [method, url] of [
      ['GET', CART],
      ['POST', `${CART}/changes`],
      ['GET', WISHLIST],
      ['POST', `${WISHLIST}/changes`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { changes: [] } } : {}),
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
  });

  it('starts empty, keeps lines with the product as it is now, and answers the same on another device', async () => {
    const u = await registerAndLogin(t.app);
    expect(await getCart(u)).toEqual({ version: 0, lines: [] });
    const id = await newProduct('Cart Test Journal', { discountedPrice: 199 });
    const cart = await changed(u, [merge(id, 2)]);
    expect(cart.version).toBe(1);
    expect(cart.lines).toEqual<CartLineView[]>([
      {
        productId: id,
        size: '',
        color: '',
        quantity: 2,
        title: 'Cart Test Journal',
        image: expect.stringContaining('/images/products/a'),
        price: 199,
        sizeOptions: [],
        colorOptions: [],
        availability: { status: 'in_stock', left: null },
      },
    ]);
    // the laptop signs in with a token of its own: the same cart
    const laptop = { ...u, token: (await registerAndLoginAgain(u)).token };
    expect(await getCart(laptop)).toEqual(cart);
  });

  it('merges a line it has by the larger quantity: a request sent twice changes nothing more', async () => {
    const u = await registerAndLogin(t.app);
    const [a, b] = await plainProducts(t.app, 2);
    const first = await changed(u, [merge(a!.id, 2), merge(b!.id, 1)]);
    const again = await changed(u, [merge(a!.id, 2), merge(b!.id, 1)]);
    expect(again).toEqual(first);
    // the visitor's cart on another device had 1 of a and 3 of b: the larger of each
    const merged = await changed(u, [merge(a!.id, 1), merge(b!.id, 3)]);
    expect(quantities(merged)).toEqual({ [`${a!.id}||`]: 2, [`${b!.id}||`]: 3 });
    expect(merged.version).toBe(first.version + 1);
  });

  it('sets and removes lines; a quantity set on a line removed elsewhere does not bring it back', async () => {
    const u = await registerAndLogin(t.app);
    const [a, b] = await plainProducts(t.app, 2);
    await changed(u, [merge(a!.id, 1), merge(b!.id, 1)]);
    const set = await changed(u, [
      { op: 'set', productId: a!.id, size: '', color: '', quantity: 5 },
    ]);
    expect(quantities(set)[`${a!.id}||`]).toBe(5);
    // the phone removes b; the laptop, not knowing, raises b to 4
    await changed(u, [{ op: 'remove', productId: b!.id, size: '', color: '' }]);
    const late = await changed(u, [
      { op: 'set', productId: b!.id, size: '', color: '', quantity: 4 },
    ]);
    expect(quantities(late)).toEqual({ [`${a!.id}||`]: 5 });
  });

  it('holds at most the order limits: 99 of a product across its sizes, 50 lines', async () => {
    const u = await registerAndLogin(t.app);
    const id = await newProduct('Cart Test Sized Notebook', {
      attributes: [{ key: 'Size', values: ['A4', 'A5'] }],
      variantStock: [
        { size: 'A4', color: '', onHand: 200 },
        { size: 'A5', color: '', onHand: 200 },
      ],
    });
    const cart = await changed(u, [merge(id, 60, 'A4'), merge(id, 60, 'A5')]);
    expect(quantities(cart)).toEqual({ [`${id}|A4|`]: 60, [`${id}|A5|`]: ORDER_MAX_QUANTITY - 60 });
    expect(cart.lines[0]?.sizeOptions).toEqual(['A4', 'A5']);

    // 50 lines at most: 60 products asked for, the first 50 kept
    const many = (await t.app.inject({ url: '/api/v1/products?limit=100' })).json().data as {
      id: string;
    }[];
    expect(many.length).toBeGreaterThan(ORDER_MAX_LINES);
    const v = await registerAndLogin(t.app);
    const full = await changed(
      v,
      many.slice(0, 60).map((p) => merge(p.id, 1)),
    );
    expect(full.lines).toHaveLength(ORDER_MAX_LINES);
    expect(full.lines.map((l) => l.productId)).toEqual(many.slice(0, 50).map((p) => p.id));
  });

  it('refuses junk with a 400 and its fields, never a 500', async () => {
    const u = await registerAndLogin(t.app);
    const [a] = await plainProducts(t.app, 1);
    const key = { productId: a!.id, size: '', color: '' };
    const bad: unknown[] = [
      [],
      [{ op: 'merge', ...key, quantity: 0 }],
      [{ op: 'merge', ...key, quantity: ORDER_MAX_QUANTITY + 1 }],
      [{ op: 'merge', ...key, quantity: 1.5 }],
      [{ op: 'merge', ...key }],
      [{ op: 'drop', ...key }],
      [{ op: 'remove', ...key, extra: true }],
      [{ op: 'merge', ...key, size: 'x'.repeat(101), quantity: 1 }],
      [{ op: 'merge', ...key, productId: 'p'.repeat(65), quantity: 1 }],
      Array.from({ length: 101 }, () => ({ op: 'remove', ...key })),
      'everything',
      [null],
    ];
    for (const changes of bad) {
      const res = await change(u, changes);
      expect(res.statusCode, JSON.stringify(changes).slice(0, 80)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: `${CART}/changes`,
      headers: { ...authHeader(u.token), 'content-type': 'application/json' },
      payload: '{"changes": [',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await getCart(u)).toEqual({ version: 0, lines: [] });
  });

  it('adds no line for a product this store does not have, or an id that is not one', async () => {
    const u = await registerAndLogin(t.app);
    const [a] = await plainProducts(t.app, 1);
    const cart = await changed(u, [
      merge('00000000-0000-4000-8000-000000000000'),
      merge('not-a-product'),
      merge(a!.id),
    ]);
    expect(cart.lines.map((l) => l.productId)).toEqual([a!.id]);
  });

  it('re-checks every line on every view: a new price, sold out, unpublished, deleted, a size no longer offered', async () => {
    const u = await registerAndLogin(t.app);
    const priced = await newProduct('Cart Test Ink');
    const soldOut = await newProduct('Cart Test Pen');
    const hidden = await newProduct('Cart Test Stamp');
    const deleted = await newProduct('Cart Test Eraser');
    const sized = await newProduct('Cart Test Diary', {
      attributes: [{ key: 'Size', values: ['A5', 'B6'] }],
      variantStock: [
        { size: 'A5', color: '', onHand: 3 },
        { size: 'B6', color: '', onHand: 9 },
      ],
    });
    await changed(u, [
      merge(priced),
      merge(soldOut),
      merge(hidden),
      merge(deleted),
      merge(sized, 1, 'A5'),
      merge(sized, 1, 'B6'),
    ]);
    const before = await getCart(u);
    expect(before.lines.map((l) => l.availability.status)).toEqual([
      'in_stock',
      'in_stock',
      'in_stock',
      'in_stock',
      'low_stock',
      'in_stock',
    ]);
    expect(before.lines[4]?.availability.left).toBe(3);

    await t.db
      .update(products)
      .set({ discountedPricePaise: 17_500 })
      .where(eq(products.id, priced));
    await setStock(t.db, soldOut, 0);
    await t.db.update(products).set({ active: false }).where(eq(products.id, hidden));
    await t.db.delete(products).where(eq(products.id, deleted));
    await saveProduct(
      t.app,
      staff,
      {
        title: 'Cart Test Diary',
        regularPrice: 250,
        attributes: [{ key: 'Size', values: ['A5'] }],
        variantStock: [{ size: 'A5', color: '', onHand: 3 }],
      },
      sized,
    );

    const after = await getCart(u);
    const byTitle = (title: string) => after.lines.find((l) => l.title === title)!;
    expect(byTitle('Cart Test Ink')).toMatchObject({
      price: 175,
      availability: { status: 'in_stock', left: null },
    });
    expect(byTitle('Cart Test Pen').availability).toEqual({ status: 'sold_out', left: null });
    expect(byTitle('Cart Test Stamp').availability.status).toBe('unavailable');
    // deleted: the title it was saved with, no price
    expect(byTitle('Cart Test Eraser')).toMatchObject({
      productId: deleted,
      price: 0,
      image: '',
      availability: { status: 'unavailable', left: null },
    });
    const diary = after.lines.filter((l) => l.productId === sized);
    expect(diary.map((l) => [l.size, l.availability.status])).toEqual([
      ['A5', 'low_stock'],
      ['B6', 'unavailable'],
    ]);
    // nothing was dropped: the shopper sees each and decides
    expect(after.lines).toHaveLength(6);
    expect(after.version).toBe(before.version);
  });

  it('empties when an order is placed, in the order’s transaction', async () => {
    const u = await registerAndLogin(t.app);
    const [a, b] = await plainProducts(t.app, 2);
    const held = await changed(u, [merge(a!.id), merge(b!.id)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: authHeader(u.token),
      payload: { products: { [a!.id]: 1 }, shippingAddress: testShippingAddress },
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await getCart(u);
    expect(after.lines).toEqual([]);
    expect(after.version).toBe(held.version + 1);
    const [row] = await t.db.select().from(carts).where(eq(carts.userId, u.id));
    expect(row).toMatchObject({ startedAt: null, remindedAt: null });

    // an order refused (a product unknown) leaves the cart as it was
    await changed(u, [merge(b!.id)]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: authHeader(u.token),
      payload: {
        products: { '00000000-0000-4000-8000-000000000000': 1 },
        shippingAddress: testShippingAddress,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect((await getCart(u)).lines.map((l) => l.productId)).toEqual([b!.id]);
  });
});

describe('two devices at once', () => {
  it('lose and duplicate nothing: every line each device added is there once', async () => {
    // on PostgreSQL the second device is a second server process with its own pool
    const second = await createTestApp({}, { sameDatabaseAs: t });
    try {
      const u = await registerAndLogin(t.app);
      const ids = (await plainProducts(t.app, 8)).map((p) => p.id);
      const phone = ids.slice(0, 4);
      const laptop = ids.slice(4);
      await Promise.all([
        ...phone.map((id) => changed(u, [merge(id)], t.app)),
        ...laptop.map((id) => changed(u, [merge(id)], second.app)),
        // both add the first product at once: one line, at the larger quantity
        changed(u, [merge(ids[0]!, 3)], second.app),
        changed(u, [merge(ids[0]!, 2)], t.app),
      ]);
      const cart = await getCart(u);
      expect(cart.lines.map((l) => l.productId).sort()).toEqual([...ids].sort());
      expect(quantities(cart)[`${ids[0]}||`]).toBe(3);
      expect(cart.lines).toHaveLength(8);
      expect(await getCart(u, second.app)).toEqual(cart);
    } finally {
      await second.close();
    }
  });
});

describe('the account wishlist', () => {
  const changeWishlist = (u: TestUser, changes: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `${WISHLIST}/changes`,
      headers: authHeader(u.token),
      payload: { changes },
    });
  const items = async (u: TestUser, changes: unknown): Promise<WishlistItemView[]> => {
    const res = await changeWishlist(u, changes);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as WishlistItemView[];
  };

  it('adds once, removes, re-checks, and keeps the newest 100', async () => {
    const u = await registerAndLogin(t.app);
    const [a, b] = await plainProducts(t.app, 2);
    const saved = await items(u, [
      { op: 'add', productId: a!.id },
      { op: 'add', productId: b!.id },
      { op: 'add', productId: a!.id },
      { op: 'add', productId: 'not-a-product' },
    ]);
    expect(saved.map((i) => i.productId)).toEqual([a!.id, b!.id]);
    expect(saved[0]).toMatchObject({ title: a!.title, availability: { status: 'in_stock' } });
    const res = await t.app.inject({ url: WISHLIST, headers: authHeader(u.token) });
    expect(res.json().data.items).toEqual(saved);
    expect((await items(u, [{ op: 'remove', productId: a!.id }])).map((i) => i.productId)).toEqual([
      b!.id,
    ]);
    await t.db.update(products).set({ active: false }).where(eq(products.id, b!.id));
    try {
      const [hidden] = await items(u, [{ op: 'add', productId: b!.id }]);
      expect(hidden?.availability.status).toBe('unavailable');
    } finally {
      await t.db.update(products).set({ active: true }).where(eq(products.id, b!.id));
    }

    // past the limit the oldest drop off
    const all = (await t.app.inject({ url: '/api/v1/products?limit=100' })).json().data as {
      id: string;
    }[];
    const v = await registerAndLogin(t.app);
    await items(
      v,
      all.slice(0, 60).map((p) => ({ op: 'add', productId: p.id })),
    );
    const extra = await saveMany(50);
    const kept = await items(
      v,
      extra.map((productId) => ({ op: 'add', productId })),
    );
    expect(kept).toHaveLength(WISHLIST_MAX_ITEMS);
    expect(kept.at(-1)?.productId).toBe(extra.at(-1));
    expect(kept[0]?.productId).toBe(all[10]!.id);
  });

  it('refuses junk with a 400', async () => {
    const u = await registerAndLogin(t.app);
    for (const changes of [
      [],
      [{ op: 'toggle', productId: 'x' }],
      [{ op: 'add' }],
      Array.from({ length: 101 }, () => ({ op: 'remove', productId: 'x' })),
    ]) {
      const res = await changeWishlist(u, changes);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe("a visitor's lists", () => {
  it('are checked without signing in, in the order sent', async () => {
    const [a] = await plainProducts(t.app, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/check',
      payload: {
        lines: [
          { productId: 'gone', size: '', color: '', quantity: 2 },
          { productId: a!.id, size: '', color: '', quantity: 1 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [gone, here] = res.json().data as CartLineView[];
    expect(gone).toMatchObject({
      productId: 'gone',
      quantity: 2,
      availability: { status: 'unavailable' },
    });
    expect(here).toMatchObject({
      productId: a!.id,
      title: a!.title,
      price: a!.discountedPrice ?? a!.regularPrice,
    });

    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wishlist/check',
      payload: { productIds: [a!.id] },
    });
    expect(saved.json().data[0]).toMatchObject({ productId: a!.id, title: a!.title });

    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/check',
      payload: {
        lines: Array.from({ length: 101 }, () => ({
          productId: a!.id,
          size: '',
          color: '',
          quantity: 1,
        })),
      },
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

/** The same shopper signing in again (another device): a token of its own. */
async function registerAndLoginAgain(u: TestUser): Promise<{ token: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/authorize',
    payload: { email: u.email, password: u.password },
  });
  expect(res.statusCode).toBe(200);
  return { token: res.json().token as string };
}

/** `count` new products of the store (the demo catalogue has fewer than the wishlist's limit + 10). */
async function saveMany(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await newProduct(`Cart Test Wish ${i}`));
  return ids;
}
