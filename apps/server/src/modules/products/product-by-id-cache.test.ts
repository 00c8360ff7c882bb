import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { saveProduct } from '../../test/products';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';

// GET /products/:id is answered from the catalogue cache, like the listing, and forgotten with it.
let t: TestApp;
let owner: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
});
afterAll(() => t.close());

const get = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/products/${id}`, headers });

describe('GET /products/:id from the catalogue cache', () => {
  it('answers the same body again without reading the database, until the catalogue changes', async () => {
    const id = await saveProduct(t.app, owner, { title: 'Cached Pen' });
    const first = await get(id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id, title: 'Cached Pen' });
    expect(first.headers.etag).toBeTruthy();

    // a change nobody announced (another process, before its bus message): the kept copy answers
    await t.db.update(products).set({ title: 'Renamed Pen' }).where(eq(products.id, id));
    const again = await get(id);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    const revalidated = await get(id, { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);

    t.app.catalogueChanged();
    const after = await get(id);
    expect(after.json()).toMatchObject({ id, title: 'Renamed Pen' });
    expect(after.headers.etag).not.toBe(first.headers.etag);
  });

  it('shows an edit in the back office on the next request', async () => {
    const id = await saveProduct(t.app, owner, { title: 'Blue Ink', regularPrice: 120 });
    expect((await get(id)).json()).toMatchObject({ title: 'Blue Ink', regularPrice: 120 });
    await saveProduct(t.app, owner, { title: 'Blue Ink', regularPrice: 150 }, id);
    expect((await get(id)).json()).toMatchObject({ title: 'Blue Ink', regularPrice: 150 });
  });

  it('stops answering a product once it is unpublished, and never answers a draft', async () => {
    const id = await saveProduct(t.app, owner, { title: 'Soon Hidden' });
    expect((await get(id)).statusCode).toBe(200);
    await saveProduct(t.app, owner, { title: 'Soon Hidden', published: false }, id);
    const hidden = await get(id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: 'Product not found', code: 'not_found' });

    const draft = await saveProduct(t.app, owner, { title: 'Draft Only', published: false });
    expect((await get(draft)).statusCode).toBe(404);
    expect((await get(draft)).statusCode).toBe(404);
  });

  it('does not keep a not-found answer: a product that appears later is found at once', async () => {
    const id = await saveProduct(t.app, owner, { title: 'Late Arrival', published: false });
    expect((await get(id)).statusCode).toBe(404);
    // published behind the cache's back (no catalogueChanged): still found, as no 404 was kept
    await t.db.update(products).set({ active: true }).where(eq(products.id, id));
    const found = await get(id);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id, title: 'Late Arrival' });
  });

  it('answers made-up and malformed ids 404 without keeping anything', async () => {
    const before = t.app.catalogueCache.size;
    for (const id of [randomUUID(), 'not-a-uuid', 'facets-x']) {
      const res = await get(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: 'Product not found', code: 'not_found' });
    }
    expect(t.app.catalogueCache.size).toBe(before);
  });
});
