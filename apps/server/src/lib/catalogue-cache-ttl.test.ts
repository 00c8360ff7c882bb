import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

// bench/catalogue.mjs measures misses by starting the server with CATALOGUE_CACHE_TTL_MS=0.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ catalogueCacheTtlMs: 0 });
});
afterAll(() => t.close());

const firstTitle = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=1' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as { id: string; title: string };
};

describe('catalogue cache TTL 0', () => {
  it('answers every request from the database, even a change nobody announced', async () => {
    const before = await firstTitle();
    // written behind the app's back: a cached answer would still show the old title
    await t.db
      .update(products)
      .set({ title: 'Renamed behind the cache' })
      .where(eq(products.id, before.id));
    expect((await firstTitle()).title).toBe('Renamed behind the cache');
    expect(t.app.catalogueCache.size).toBeLessThanOrEqual(1);
  });
});
