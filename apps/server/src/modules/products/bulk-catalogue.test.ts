import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  bulkProduct,
  countBulkProducts,
  hasStoreSearchRefresh,
  insertBulkProducts,
  refreshStoreSearch,
  removeBulkProducts,
  type SearchUpkeep,
} from './bulk-catalogue.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const now = new Date('2026-06-01T10:00:00Z');
const total = async (query = '') => {
  t.app.catalogueChanged();
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/products?limit=1${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.total as number;
};

describe('bulk catalogue (scripts/load-catalogue.ts)', () => {
  it('varies titles, prices and colours, and makes the same clone for the same number', () => {
    const clones = Array.from({ length: 200 }, (_, n) => bulkProduct(n, now));
    expect(new Set(clones.map((c) => c.title)).size).toBeGreaterThan(150);
    expect(new Set(clones.map((c) => c.regularPricePaise)).size).toBeGreaterThan(50);
    expect(clones.filter((c) => c.stock.every((s) => s.onHand === 0)).length).toBeGreaterThan(0);
    expect(clones.every((c) => c.slug.startsWith('bulk-') && c.createdAt < now)).toBe(true);
    const again = bulkProduct(7, now);
    expect({ ...again, id: '' }).toEqual({ ...clones[7]!, id: '' });
  });

  it.each(['per-batch', 'at-end'] as const)(
    'loads clones the listing, search and filters find, and removes exactly those (search %s)',
    async (mode) => {
      const before = await total();
      const pens = await total('&q=fountain%20pen');
      const search: SearchUpkeep = (await hasStoreSearchRefresh(t.db)) ? mode : 'triggers';
      const clones = Array.from({ length: 680 }, (_, n) => bulkProduct(n, now));
      await insertBulkProducts(t.db, DEFAULT_STORE_ID, clones.slice(0, 300), now, search);
      await insertBulkProducts(t.db, DEFAULT_STORE_ID, clones.slice(300), now, search);
      if (search === 'at-end') await refreshStoreSearch(t.db, DEFAULT_STORE_ID);
      expect(await countBulkProducts(t.db, DEFAULT_STORE_ID)).toBe(680);
      expect(await total()).toBe(before + 680);
      // ten clones of each demo product: the five fountain pens come back ten times over
      expect(await total('&q=fountain%20pen')).toBeGreaterThanOrEqual(pens + 50);
      const stockRows = await t.db.execute(
        sql`select count(*)::int as n from stock_levels s join products p on p.id = s.product_id
          where p.slug like 'bulk-%'`,
      );
      const n = (stockRows as unknown as { rows: { n: number }[] }).rows[0]!.n;
      expect(n).toBeGreaterThanOrEqual(680);
      // every clone has its search document, and the word list and facet labels know the clones'
      // own words and colours (the demo catalogue has no 'Kaveri', no 'Mustard')
      const checks = await t.db.execute(
        sql`select
            (select count(*)::int from products where search_doc is null) as undocumented,
            (select count(*)::int from product_search_words where word = 'kaveri') as word,
            (select count(*)::int from product_facet_labels where token = 'color:mustard') as label`,
      );
      expect((checks as unknown as { rows: unknown[] }).rows[0]).toEqual({
        undocumented: 0,
        word: 1,
        label: 1,
      });
      const kaveri = clones.filter((c) => c.title.includes('Kaveri')).length;
      expect(kaveri).toBeGreaterThan(0);
      expect(await total('&q=kaveri')).toBe(kaveri);

      expect(await removeBulkProducts(t.db, DEFAULT_STORE_ID)).toBe(680);
      expect(await total()).toBe(before);
      expect(await countBulkProducts(t.db, DEFAULT_STORE_ID)).toBe(0);
    },
  );
});
