import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_BUCKETS } from '@store/contracts/limits';
import type { ProductFacets } from '@store/contracts/products';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const facets = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/facets?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductFacets;
};
const total = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/products?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.total as number;
};
const countOf = (values: { value: string; count: number }[], value: string) =>
  values.find((v) => v.value === value)?.count;
const q = (value: string) => encodeURIComponent(value);

describe('GET /products/facets', () => {
  it('counts every facet of the whole catalogue as the listing would', async () => {
    const f = await facets();
    expect(f.total).toBe(await total(''));
    expect(f.categories.reduce((s, c) => s + c.count, 0)).toBe(f.total);
    expect(countOf(f.categories, 'Ink')).toBe(await total('category=ink'));
    expect(f.prices.map((p) => [p.min, p.max])).toEqual(PRICE_BUCKETS.map(([a, b]) => [a, b]));
    expect(f.prices.reduce((s, p) => s + p.count, 0)).toBe(f.total);
    expect(f.prices[1]!.count).toBe(await total('minPrice=200&maxPrice=500'));
    expect(countOf(f.sizes, 'A5')).toBe(await total('size=A5'));
    expect(countOf(f.colors, 'Black')).toBe(await total('color=Black'));
    expect(f.inStock).toBe(await total('inStock=true'));
    expect(f.inStock).toBeLessThan(f.total);
  });

  it('lists the other attributes with their units, never featured, phone, size or colour keys', async () => {
    const f = await facets();
    const keys = f.attributes.map((a) => a.key.toLowerCase());
    expect(keys).toContain('ruling');
    expect(keys.some((k) => /featured|phone|^sizes?$|^colou?rs?$/.test(k))).toBe(false);
    expect(keys.length).toBeLessThanOrEqual(8);
    const weight = f.attributes.find((a) => a.key === 'Paper Weight')!;
    expect(weight.metricUnit).toBe('GSM');
    expect(countOf(weight.values, '100')).toBe(await total(`attr=${q('Paper Weight:100')}`));
    for (const a of f.attributes) {
      expect(a.values.length).toBeGreaterThan(1);
      expect(a.values.length).toBeLessThanOrEqual(20);
    }
  });

  it('counts each facet without its own filter: choosing Black still counts Navy Blue', async () => {
    const f = await facets('color=Black');
    expect(f.total).toBe(await total('color=Black'));
    // the colours are counted without the colour filter…
    expect(countOf(f.colors, 'Navy Blue')).toBe(await total(`color=${q('Navy Blue')}`));
    // …and every other facet with it
    expect(countOf(f.sizes, 'A5')).toBe(await total('color=Black&size=A5'));
    expect(f.inStock).toBe(await total('color=Black&inStock=true'));

    const two = await facets(`color=Black&size=A5&minPrice=200&maxPrice=1000&inStock=true`);
    expect(two.total).toBe(
      await total('color=Black&size=A5&minPrice=200&maxPrice=1000&inStock=true'),
    );
    expect(countOf(two.colors, 'Navy Blue')).toBe(
      await total(`color=${q('Navy Blue')}&size=A5&minPrice=200&maxPrice=1000&inStock=true`),
    );
    expect(countOf(two.sizes, 'A5')).toBe(
      await total('color=Black&size=A5&minPrice=200&maxPrice=1000&inStock=true'),
    );
    expect(two.prices[0]!.count).toBe(
      await total('color=Black&size=A5&minPrice=0&maxPrice=200&inStock=true'),
    );
    expect(two.inStock).toBe(two.total);
  });

  it('narrows to a search and a category; parent categories are those within the category', async () => {
    const f = await facets('q=fountian%20pen');
    expect(f.total).toBe(await total('q=fountian%20pen'));
    expect(f.total).toBeGreaterThan(0);
    const ink = await facets('category=ink');
    expect(ink.parentCategories).toEqual([
      { value: 'Writing Instruments', count: await total('category=ink') },
    ]);
    // the category facet itself is counted without the category
    expect(ink.categories.length).toBeGreaterThan(1);
  });

  it('keeps a chosen value that nothing matches, with 0, so it can be unticked', async () => {
    const f = await facets('color=Ultraviolet');
    expect(f.total).toBe(0);
    expect(countOf(f.colors, 'Ultraviolet')).toBe(0);
  });

  it('answers 400 with an error for bad filters, and is cached with an ETag', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/products/facets?minPrice=x' });
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().error).toBe('string');
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/products/facets?size=A5' });
    const same = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products/facets?size=A5',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(same.statusCode).toBe(304);
  });

  it('answers the previous counts once after a catalogue change while one refresh computes the new', async () => {
    const before = await facets();
    await t.db.execute(sql`update products set active = false
      where id = (select id from products where active order by created_at desc limit 1)`);
    t.app.catalogueChanged();
    // the listing is never stale
    expect(await total('')).toBe(before.total - 1);
    // the facets are, until their one background refresh has run
    expect((await facets()).total).toBe(before.total);
    await t.app.catalogueCache.idle();
    expect((await facets()).total).toBe(before.total - 1);
  });
});
