import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductFormInput } from '@store/contracts/admin/products';
import { activityLog, images, products } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { setStock, stockOf } from '../../test/stock';
import {
  authHeader,
  createTestApp,
  registerAndLogin,
  testShippingAddress,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
let owner: SignedInStaff;
let clerk: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
  clerk = await signInStaff(t.app, t.db, 'staff');
});
afterAll(() => t.close());

const url = '/api/v1/admin/products';

const form = (over: Partial<ProductFormInput> = {}): ProductFormInput => ({
  title: 'Test Ledger Notebook',
  description: 'A ruled ledger.',
  category: 'diaries & notebooks',
  parentCategory: null,
  regularPrice: 250,
  discountedPrice: 199.5,
  hsnCode: '4820',
  gstRateBp: 0,
  stock: 12,
  featured: false,
  published: true,
  images: [{ url: '/images/products/a.svg' }, { url: '/images/products/b.svg' }],
  attributes: [{ key: 'Pages', values: ['120'], metricUnit: 'pages' }],
  variantStock: [],
  ...over,
});

async function create(over: Partial<ProductFormInput> = {}, who = owner) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: who.headers,
    payload: form(over),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const publicProduct = (id: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` });

describe('creating and reading a product', () => {
  it('stores paise, the category spelling, a unique slug, images and stock, and logs it', async () => {
    const a = await create();
    expect(a).toMatchObject({
      slug: 'test-ledger-notebook',
      category: 'Diaries & Notebooks',
      regularPrice: 250,
      discountedPrice: 199.5,
      stock: 12,
      published: true,
      archived: false,
      ordered: false,
      variantStock: [{ size: '', color: '', onHand: 12 }],
      images: [{ url: '/images/products/a.svg' }, { url: '/images/products/b.svg' }],
    });
    const [row] = await t.db.select().from(products).where(eq(products.id, a.id));
    expect(row).toMatchObject({
      regularPricePaise: 25000,
      discountedPricePaise: 19950,
      imgUrl: '/images/products/a.svg',
    });
    const b = await create({ featured: true }, clerk);
    expect(b.slug).toBe('test-ledger-notebook-2');
    expect(b.featured).toBe(true);
    expect(b.attributes.map((x: { key: string }) => x.key)).toEqual(['Pages']);
    const c = await create();
    expect(c.slug).toBe('test-ledger-notebook-3');

    const log = await t.db.select().from(activityLog).where(eq(activityLog.entityId, a.id));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'product.create', summary: 'Test Ledger Notebook' });

    const pub = await publicProduct(b.id);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().attributes.some((x: { key: string }) => x.key === 'featured')).toBe(true);
    const featuredList = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products?featured=true&limit=100',
    });
    expect(featuredList.json().data.map((p: { id: string }) => p.id)).toContain(b.id);

    // the table marks it featured too (and the plain one not)
    const table = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/products?q=${encodeURIComponent('Test Ledger')}&limit=100`,
      headers: clerk.headers,
    });
    const rows = table.json().data as { id: string; featured: boolean }[];
    expect(rows.find((r) => r.id === b.id)?.featured).toBe(true);
    expect(rows.find((r) => r.id === a.id)?.featured).toBe(false);
  });

  it('keeps stock per size and colour, 0 where missing, and drops combinations that go', async () => {
    const p = await create({
      title: 'Variant Pen',
      attributes: [
        { key: 'Size', values: ['S', 'M'] },
        { key: 'Colours', values: ['Red', 'Blue'] },
      ],
      variantStock: [
        { size: 'S', color: 'Red', onHand: 3 },
        { size: 'M', color: 'Blue', onHand: 7 },
      ],
    });
    expect(p.variantStock).toEqual([
      { size: 'S', color: 'Red', onHand: 3 },
      { size: 'S', color: 'Blue', onHand: 0 },
      { size: 'M', color: 'Red', onHand: 0 },
      { size: 'M', color: 'Blue', onHand: 7 },
    ]);
    expect(p.stock).toBe(10);
    expect(await stockOf(t.db, p.id, { size: 'S', color: 'Blue' })).toBe(0);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${url}/${p.id}`,
      headers: owner.headers,
      payload: form({
        title: 'Variant Pen',
        attributes: [{ key: 'Colours', values: ['Red'] }],
        variantStock: [{ size: '', color: 'Red', onHand: 5 }],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().variantStock).toEqual([{ size: '', color: 'Red', onHand: 5 }]);
    expect(await stockOf(t.db, p.id, { size: 'S', color: 'Red' })).toBeNull();
    expect(await stockOf(t.db, p.id, { color: 'Red' })).toBe(5);
  });

  it('answers 404 for an unknown id and 401 without a session or with a shopper token', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}/${id}`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(404);
    }
    const shopper = await registerAndLogin(t.app);
    for (const headers of [{}, authHeader(shopper.token)]) {
      for (const [method, path] of [
        ['GET', url],
        ['POST', url],
        ['GET', `${url}/x`],
        ['DELETE', `${url}/x`],
        ['PUT', `${url}/x/stock`],
      ] as const) {
        const res = await t.app.inject({ method, url: path, headers, payload: {} });
        expect(res.statusCode, `${method} ${path}`).toBe(401);
      }
    }
  });
});

describe('validation', () => {
  const post = (payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: owner.headers, payload: payload as object });

  it('refuses a discounted price above the regular price on that field', async () => {
    const res = await post(form({ regularPrice: 100, discountedPrice: 120 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.discountedPrice).toBe(
      'The discounted price must not be above the regular price',
    );
  });

  it('refuses negative and fractional stock, and bad prices', async () => {
    for (const stock of [-1, 1.5]) {
      const res = await post(form({ stock }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.stock).toBe('Stock must be a whole number of 0 or more');
    }
    const variant = await post(form({ variantStock: [{ size: 'S', color: '', onHand: -2 }] }));
    expect(variant.statusCode).toBe(400);
    expect(Object.keys(variant.json().fields)).toEqual(['variantStock.0.onHand']);
    const price = await post(form({ regularPrice: 10.005 }));
    expect(price.json().fields.regularPrice).toMatch(/at most 2 decimals/);
  });

  it('requires an HSN code of 4, 6 or 8 digits and a GST rate GST knows', async () => {
    for (const hsnCode of ['', '482', '48201', 'ABCD']) {
      const res = await post(form({ hsnCode }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.hsnCode).toBe('HSN code must be 4, 6 or 8 digits');
    }
    for (const gstRateBp of [1000, 18, undefined]) {
      const res = await post({ ...form(), gstRateBp });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.gstRateBp).toBe('Choose a GST rate');
    }
  });

  it('stores the HSN code and rate, shows them in the list, and logs a change of rate', async () => {
    const a = await create({ title: 'GST Geometry Box', hsnCode: '73269099', gstRateBp: 500 });
    expect(a).toMatchObject({ hsnCode: '73269099', gstRateBp: 500 });
    const list = await t.app.inject({
      method: 'GET',
      url: `${url}?q=GST Geometry`,
      headers: owner.headers,
    });
    expect(list.json().data[0]).toMatchObject({ hsnCode: '73269099', gstRateBp: 500 });
    const { id, slug, archived: _a, ordered: _o, createdAt: _c, updatedAt: _u, ...rest } = a;
    const put = await t.app.inject({
      method: 'PUT',
      url: `${url}/${id}`,
      headers: owner.headers,
      payload: { ...rest, slug, gstRateBp: 1800 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ hsnCode: '73269099', gstRateBp: 1800 });
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, id))
      .orderBy(desc(activityLog.createdAt))
      .limit(1);
    expect(entry!.before).toEqual({ gstRateBp: 500 });
    expect(entry!.after).toEqual({ gstRateBp: 1800 });
  });

  it('refuses an unknown category, naming the categories screen', async () => {
    const res = await post(form({ category: 'Spaceships' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.category).toMatch(/Categories screen/);
  });

  it('refuses an image id that is not one of the store’s uploads, and keeps one that is', async () => {
    const bad = await post(form({ images: [{ url: '/x.webp', imageId: 'nope' }] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['images.0.imageId']);
    await t.db.insert(images).values({
      id: 'img-test-1',
      storeId: DEFAULT_STORE_ID,
      width: 10,
      height: 10,
      widths: [10],
      sourceType: 'image/png',
      bytes: 10,
    });
    const good = await post(
      form({
        title: 'Imaged',
        images: [{ url: '/media/img-test-1/10.webp', imageId: 'img-test-1' }],
      }),
    );
    expect(good.statusCode).toBe(201);
    expect(good.json().images).toEqual([
      { url: '/media/img-test-1/10.webp', imageId: 'img-test-1' },
    ]);
  });

  it('answers 409 naming slug when a given slug is taken', async () => {
    await create({ title: 'Slugged', slug: 'taken-handle' });
    const res = await post(form({ title: 'Other', slug: 'taken-handle' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty('slug');
  });
});

describe('editing', () => {
  it('shows a price change on the storefront at once and logs only what changed', async () => {
    const p = await create({ title: 'Cache Pen' });
    expect((await publicProduct(p.id)).json().regularPrice).toBe(250);
    // the listing is cached: read it so a stale copy would be served
    await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `${url}/${p.id}`,
      headers: clerk.headers,
      payload: form({ title: 'Cache Pen', regularPrice: 300 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicProduct(p.id)).json().regularPrice).toBe(300);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' });
    expect(listed.json().data.find((x: { id: string }) => x.id === p.id).regularPrice).toBe(300);
    const log = await t.db.select().from(activityLog).where(eq(activityLog.entityId, p.id));
    const update = log.find((l) => l.action === 'product.update');
    expect(update).toMatchObject({
      actor: clerk.email,
      before: { regularPricePaise: 25000 },
      after: { regularPricePaise: 30000 },
    });
    // saving the same again writes and logs nothing
    await t.app.inject({
      method: 'PUT',
      url: `${url}/${p.id}`,
      headers: clerk.headers,
      payload: form({ title: 'Cache Pen', regularPrice: 300 }),
    });
    expect(
      await t.db.select().from(activityLog).where(eq(activityLog.entityId, p.id)),
    ).toHaveLength(2);
  });

  it('sets stock alone through /stock and refuses what does not fit', async () => {
    const p = await create({ title: 'Stock Pad' });
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `${url}/${p.id}/stock`, headers: clerk.headers, payload });
    const ok = await put({ stock: 3 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().stock).toBe(3);
    expect((await publicProduct(p.id)).json().availability).toEqual({
      status: 'low_stock',
      left: 3,
    });
    expect((await put({ stock: -1 })).json().fields).toHaveProperty('stock');
    expect((await put({})).statusCode).toBe(400);
    const variant = await put({ variantStock: [{ size: 'XL', color: '', onHand: 1 }] });
    expect(variant.statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'PUT',
      url: `${url}/00000000-0000-4000-8000-000000000000/stock`,
      headers: clerk.headers,
      payload: { stock: 1 },
    });
    expect(none.statusCode).toBe(404);
  });

  it('applies only the owner’s stock change to what orders left while the form was open', async () => {
    const p = await create({ title: 'Open Form Pad', stock: 10 });
    const loaded = (
      await t.app.inject({ method: 'GET', url: `${url}/${p.id}`, headers: clerk.headers })
    ).json();
    // shoppers buy 3 while the form is open
    await setStock(t.db, p.id, 7);
    const save = (over: Partial<ProductFormInput>) =>
      t.app.inject({
        method: 'PUT',
        url: `${url}/${p.id}`,
        headers: clerk.headers,
        payload: form({
          ...over,
          variantStock: over.variantStock ?? [],
          stockSeen: loaded.variantStock,
        }),
      });
    // a title change with the stock cell untouched keeps the 7 on hand
    const renamed = await save({
      title: 'Open Form Pad II',
      stock: 10,
      variantStock: loaded.variantStock,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await stockOf(t.db, p.id)).toBe(7);
    // 5 more received: typed 15 over the 10 shown → 7 + 5
    const restocked = await save({
      title: 'Open Form Pad II',
      stock: 15,
      variantStock: [{ size: '', color: '', onHand: 15 }],
    });
    expect(restocked.statusCode, restocked.body).toBe(200);
    expect(await stockOf(t.db, p.id)).toBe(12);
  });

  it('keeps a draft off the storefront and out of orders', async () => {
    const p = await create({ title: 'Draft Pad', published: false });
    expect((await publicProduct(p.id)).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' });
    expect(list.json().data.some((x: { id: string }) => x.id === p.id)).toBe(false);
    const shopper = await registerAndLogin(t.app);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: authHeader(shopper.token),
      payload: { products: { [p.id]: 1 }, shippingAddress: testShippingAddress },
    });
    expect(order.statusCode).toBeGreaterThanOrEqual(400);
    expect(order.statusCode).toBeLessThan(500);
  });
});

describe('listing', () => {
  it('filters by search, category, stock and status, counting in SQL', async () => {
    const tag = `zq${Date.now()}`;
    const a = await create({ title: `${tag} low`, stock: 2 });
    const b = await create({ title: `${tag} out`, stock: 0, published: false });
    const c = await create({ title: `${tag} plenty`, stock: 50 });
    const list = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}?q=${tag}&${query}`,
        headers: clerk.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { total: number; data: { id: string; stockStatus: string }[] };
    };
    const all = await list('');
    expect(all.total).toBe(3);
    expect(all.data.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect((await list('stock=low')).data.map((r) => r.id)).toEqual([a.id]);
    expect((await list('stock=sold_out')).data.map((r) => r.id)).toEqual([b.id]);
    expect((await list('status=draft')).data.map((r) => r.id)).toEqual([b.id]);
    expect((await list('status=published')).total).toBe(2);
    expect((await list('category=DIARIES %26 NOTEBOOKS')).total).toBe(3);
    expect((await list('category=Pens')).total).toBe(0);
    const page = await list('limit=2&page=2');
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.data.map((r) => r.id)).toEqual([a.id]);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${url}?stock=lots`,
      headers: owner.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('stock');
  });

  it('counts a product as low when one of its variants is low', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}?q=fountain-pen-classic-gold&stock=low`,
      headers: owner.headers,
    });
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({ stockStatus: 'low_stock', stock: 28 });
  });
});

describe('delete and archive', () => {
  it('deletes a product never ordered, and archives one that was', async () => {
    const never = await create({ title: 'Never Ordered' });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${url}/${never.id}`,
      headers: clerk.headers,
    });
    expect(del.json()).toEqual({ outcome: 'deleted' });
    expect(await t.db.select().from(products).where(eq(products.id, never.id))).toHaveLength(0);

    const sold = await create({ title: 'Sold Once' });
    const shopper = await registerAndLogin(t.app);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: authHeader(shopper.token),
      payload: { products: { [sold.id]: 1 }, shippingAddress: testShippingAddress },
    });
    expect(order.statusCode, order.body).toBe(201);
    const arch = await t.app.inject({
      method: 'DELETE',
      url: `${url}/${sold.id}`,
      headers: clerk.headers,
    });
    expect(arch.json()).toEqual({ outcome: 'archived' });
    expect((await publicProduct(sold.id)).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' });
    expect(list.json().data.some((x: { id: string }) => x.id === sold.id)).toBe(false);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: authHeader(shopper.token),
      payload: { products: { [sold.id]: 1 }, shippingAddress: testShippingAddress },
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.json().id}`,
      headers: authHeader(shopper.token),
    });
    expect(JSON.stringify(mine.json())).toContain('Sold Once');

    const archived = await t.app.inject({
      method: 'GET',
      url: `${url}?status=archived&q=Sold Once`,
      headers: clerk.headers,
    });
    expect(archived.json().data.map((r: { id: string }) => r.id)).toEqual([sold.id]);
    // saving an archived product with published: true keeps it off the storefront
    await t.app.inject({
      method: 'PUT',
      url: `${url}/${sold.id}`,
      headers: clerk.headers,
      payload: form({ title: 'Sold Once', published: true }),
    });
    expect((await publicProduct(sold.id)).statusCode).toBe(404);

    const restored = await t.app.inject({
      method: 'POST',
      url: `${url}/${sold.id}/restore`,
      headers: clerk.headers,
    });
    expect(restored.json()).toMatchObject({ archived: false, published: false, ordered: true });
    const actions = (
      await t.db.select().from(activityLog).where(eq(activityLog.entityId, sold.id))
    ).map((l) => l.action);
    expect(actions).toEqual(
      expect.arrayContaining(['product.create', 'product.archive', 'product.restore']),
    );
    const log = await t.db.select().from(activityLog).where(eq(activityLog.entityId, never.id));
    expect(log.map((l) => l.action)).toContain('product.delete');
  });
});

describe('OpenAPI', () => {
  it('documents the catalogue routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    const paths = res.json().paths as Record<string, Record<string, { security?: unknown }>>;
    for (const p of [
      '/api/v1/admin/products',
      '/api/v1/admin/products/{id}',
      '/api/v1/admin/products/{id}/stock',
      '/api/v1/admin/products/{id}/restore',
      '/api/v1/admin/products/export.csv',
      '/api/v1/admin/products/import',
      '/api/v1/admin/categories',
      '/api/v1/admin/categories/order',
      '/api/v1/admin/categories/{id}',
    ]) {
      expect(Object.keys(paths)).toContain(p);
      for (const op of Object.values(paths[p]!)) expect(op.security).toBeTruthy();
    }
  });
});
