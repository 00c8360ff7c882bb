import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCategory } from '@store/contracts/admin/categories';
import { activityLog } from '../../db/schema';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { authHeader, createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

let t: TestApp;
let owner: SignedInStaff;
let clerk: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
  clerk = await signInStaff(t.app, t.db, 'staff');
});
afterAll(() => t.close());

const url = '/api/v1/admin/categories';

async function list(): Promise<AdminCategory[]> {
  const res = await t.app.inject({ method: 'GET', url, headers: clerk.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const storeInfo = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/storeInfo' })).json() as {
    categories: string[];
    categoryImages: Record<string, string>;
  };

const post = (payload: object, who = clerk) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload });

describe('categories', () => {
  it('lists the seeded categories in order with their product counts', async () => {
    const cats = await list();
    expect(cats.map((c) => c.name)).toEqual((await storeInfo()).categories);
    expect(cats.map((c) => c.position)).toEqual([...cats.keys()]);
    expect(cats.every((c) => c.productCount > 0)).toBe(true);
  });

  it('adds a category last, in the store info too, and refuses a name taken in any case', async () => {
    await storeInfo(); // cached now: the add must clear it
    const res = await post(
      {
        name: 'Gift Wrap',
        imageUrl: '/images/gift.svg',
        parentCategories: [],
      },
      owner,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Gift Wrap', productCount: 0 });
    const cats = await list();
    expect(cats.at(-1)!.name).toBe('Gift Wrap');
    const info = await storeInfo();
    expect(info.categories.at(-1)).toBe('Gift Wrap');
    expect(info.categoryImages['Gift Wrap']).toBe('/images/gift.svg');

    const dup = await post({ name: 'gift wrap', imageUrl: '', parentCategories: [] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toHaveProperty('name');
    const blank = await post({ name: '  ', imageUrl: '', parentCategories: [] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toHaveProperty('name');
  });

  it('renames a category and moves its products along, in one logged change', async () => {
    const cats = await list();
    const cat = cats[0]!;
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products?category=${encodeURIComponent(cat.name)}&limit=100`,
    });
    const count = before.json().pagination.total as number;
    expect(count).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${url}/${cat.id}`,
      headers: clerk.headers,
      payload: { name: 'Notebooks Renamed', imageUrl: cat.imageUrl, parentCategories: ['Paper'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Notebooks Renamed', parentCategories: ['Paper'] });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products?category=Notebooks%20Renamed&limit=100',
    });
    expect(after.json().pagination.total).toBe(count);
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products?category=${encodeURIComponent(cat.name)}&limit=100`,
    });
    expect(old.json().pagination.total).toBe(0);
    expect((await storeInfo()).categories[0]).toBe('Notebooks Renamed');
    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.entityId, cat.id));
    expect(entry).toMatchObject({
      action: 'category.rename',
      actor: clerk.email,
      before: { name: cat.name },
      after: { name: 'Notebooks Renamed' },
    });

    const taken = await t.app.inject({
      method: 'PUT',
      url: `${url}/${cat.id}`,
      headers: clerk.headers,
      payload: { name: cats[1]!.name.toUpperCase(), imageUrl: '', parentCategories: [] },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toHaveProperty('name');
  });

  it('reorders, changing the storefront navigation, and refuses an incomplete order', async () => {
    const cats = await list();
    const ids = cats.map((c) => c.id).reverse();
    const res = await t.app.inject({
      method: 'PUT',
      url: `${url}/order`,
      headers: clerk.headers,
      payload: { ids },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storeInfo()).categories).toEqual(cats.map((c) => c.name).reverse());
    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), 'nope']]) {
      const r = await t.app.inject({
        method: 'PUT',
        url: `${url}/order`,
        headers: clerk.headers,
        payload: { ids: bad },
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().fields).toHaveProperty('ids');
    }
  });

  it('deletes an unused category and refuses one products still use', async () => {
    const cats = await list();
    const used = cats.find((c) => c.productCount > 0)!;
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `${url}/${used.id}`,
      headers: clerk.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `Move or archive its ${used.productCount} ${used.productCount === 1 ? 'product' : 'products'} first`,
    );
    const unused = (await post({ name: 'Temporary', imageUrl: '', parentCategories: [] })).json();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${url}/${unused.id}`,
      headers: clerk.headers,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await storeInfo()).categories).not.toContain('Temporary');
    expect((await list()).some((c) => c.id === unused.id)).toBe(false);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `${url}/${unused.id}`,
      headers: clerk.headers,
    });
    expect(gone.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `${url}/nope`,
      headers: clerk.headers,
      payload: { name: 'X', imageUrl: '', parentCategories: [] },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 401 without a session and with a shopper token', async () => {
    const shopper = await registerAndLogin(t.app);
    for (const headers of [{}, authHeader(shopper.token)]) {
      for (const [method, path] of [
        ['GET', url],
        ['POST', url],
        ['PUT', `${url}/order`],
        ['PUT', `${url}/x`],
        ['DELETE', `${url}/x`],
      ] as const) {
        const res = await t.app.inject({ method, url: path, headers, payload: {} });
        expect(res.statusCode, `${method} ${path}`).toBe(401);
      }
    }
  });
});
