import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rupeesToPaise } from '@store/contracts/money';
import type { Db } from '../../db/client';
import { seedProducts, type SeedProduct } from '../../db/seed-data/catalogue';
import { facetKey, stockVariantsOf, variantOptionsOf } from '../../db/product-variants';

/**
 * Clones of the demo catalogue, in bulk, to measure the shop at 100,000 products
 * (scripts/load-catalogue.ts, bench/catalogue.mjs). Every clone's slug starts with this, so a
 * later run can find and remove them without touching a real product.
 */
export const BULK_SLUG_PREFIX = 'bulk-';

/** A small, seeded generator (mulberry32): the same count gives the same catalogue every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, list: readonly T[]): T =>
  list[Math.floor(rnd() * list.length)]!;

/** A non-empty random subset, in the list's order. */
function someOf<T>(rnd: () => number, list: readonly T[], most = list.length): T[] {
  const chosen = list.filter(() => rnd() < 0.5).slice(0, most);
  return chosen.length ? chosen : [pick(rnd, list)];
}

// Words that make the clones' titles differ, so search and its typo correction have work to do.
const SERIES = [
  'Saffron',
  'Monsoon',
  'Lotus',
  'Peacock',
  'Marigold',
  'Himalaya',
  'Kaveri',
  'Banyan',
  'Jasmine',
  'Chandni',
  'Sitara',
  'Kesar',
  'Rangoli',
  'Diya',
  'Mango',
  'Tulsi',
];
const ADJECTIVES = [
  'Premium',
  'Classic',
  'Everyday',
  'Studio',
  'Pocket',
  'Deluxe',
  'Eco',
  'Vintage',
  'Compact',
  'Professional',
  'Travel',
  'Student',
];
const BRANDS = [
  'Lekhan',
  'Kalam & Co',
  'Patrika',
  'Rang',
  'Chitra',
  'Sulekha',
  'Aksharam',
  'Pothi',
];
const COLOURS = [
  'Black',
  'Navy Blue',
  'Burgundy',
  'Green',
  'Red',
  'Maroon',
  'Tan',
  'Teal',
  'Blue',
  'Grey',
  'Mustard',
  'Indigo',
  'Ivory',
  'Pink',
  'Orange',
  'Purple',
  'Silver',
  'Brown',
];
const PAGES = ['64', '100', '120', '160', '172', '200', '240', '300', '380'];
const GSM = ['58', '70', '80', '90', '100', '120', '180', '300'];

/** Rupees to a shop price: ends in 9 (₹449), at least ₹19. */
const shopPrice = (rupees: number) => Math.max(19, Math.round(rupees / 10) * 10 - 1);

export interface BulkProduct {
  id: string;
  slug: string;
  title: string;
  description: string;
  imgUrl: string;
  category: string;
  parentCategory: string | null;
  regularPricePaise: number;
  discountedPricePaise: number | null;
  hsnCode: string;
  gstRateBp: number;
  createdAt: Date;
  images: string[];
  attributes: { key: string; values: string[]; metricUnit: string | null }[];
  stock: { size: string; color: string; onHand: number }[];
}

/**
 * The n-th clone (0-based): a demo product in turn, with another title, price, colours, sizes,
 * pages, brand and stock, the demo's art, and an age of 1 week to 2 years (older than the demo's
 * own products, so the listing's first page still shows those). About 1 in 20 clones of a featured
 * product stays featured; 6% are sold out and 8% low.
 */
export function bulkProduct(n: number, now: Date): BulkProduct {
  const rnd = random(n + 1);
  const base: SeedProduct = seedProducts[n % seedProducts.length]!;
  const style = rnd();
  const title =
    style < 0.35
      ? `${pick(rnd, SERIES)} ${base.title}`
      : style < 0.7
        ? `${pick(rnd, ADJECTIVES)} ${base.title}`
        : `${base.title}, ${pick(rnd, SERIES)} Edition`;
  const price = shopPrice(base.price * (0.6 + rnd() * 1.2));
  const discounted = rnd() < 0.35 ? shopPrice(price * (0.75 + rnd() * 0.2)) : null;
  const attributes: BulkProduct['attributes'] = [];
  for (const a of base.attributes) {
    const metricUnit = a.metricUnit ?? null;
    if (a.key.toLowerCase() === 'featured') {
      if (rnd() < 0.05) attributes.push({ key: a.key, values: a.value, metricUnit });
    } else if (facetKey(a.key) === 'color') {
      const colours = someOf(rnd, COLOURS, 4);
      attributes.push({ key: a.key, values: colours, metricUnit });
    } else if (facetKey(a.key) === 'size') {
      attributes.push({ key: a.key, values: someOf(rnd, a.value), metricUnit });
    } else if (a.key === 'Pages') {
      attributes.push({ key: a.key, values: [pick(rnd, PAGES)], metricUnit });
    } else if (a.key === 'Paper Weight') {
      attributes.push({ key: a.key, values: [pick(rnd, GSM)], metricUnit });
    } else {
      attributes.push({ key: a.key, values: a.value, metricUnit });
    }
  }
  if (!attributes.some((a) => a.key === 'Brand') && rnd() < 0.5) {
    attributes.push({ key: 'Brand', values: [pick(rnd, BRANDS)], metricUnit: null });
  }
  const state = rnd();
  const stock = stockVariantsOf(
    variantOptionsOf(attributes.map((a) => ({ key: a.key, values: a.values }))),
  ).map(({ size, color }) => ({
    size,
    color,
    onHand:
      state < 0.06
        ? 0
        : state < 0.14
          ? 1 + Math.floor(rnd() * 5)
          : rnd() < 0.05
            ? 0
            : 20 + Math.floor(rnd() * 181),
  }));
  const images = [1, 2].map((i) => `/images/products/${base.slug}-${i}.svg`);
  const ageMs = (7 + rnd() * 723) * 86_400_000;
  return {
    id: randomUUID(),
    slug: `${BULK_SLUG_PREFIX}${String(n + 1).padStart(6, '0')}-${base.slug}`,
    title,
    description: base.description,
    imgUrl: images[0]!,
    category: base.category,
    parentCategory: base.parentCategory,
    regularPricePaise: rupeesToPaise(price),
    discountedPricePaise:
      discounted === null || discounted >= price ? null : rupeesToPaise(discounted),
    hsnCode: base.hsnCode,
    gstRateBp: base.gstRateBp,
    createdAt: new Date(now.getTime() - Math.round(ageMs)),
    images,
    attributes,
    stock,
  };
}

/** A query's rows: both drivers answer { rows } (the Db type leaves the result shape open). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** How many clones the store has (the next one's number). */
export async function countBulkProducts(db: Db, storeId: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from products
        where store_id = ${storeId} and slug like ${`${BULK_SLUG_PREFIX}%`}`,
  );
  return Number(row?.n ?? 0);
}

/** Removes every clone (their images, attributes and stock go with them: ON DELETE CASCADE). */
export async function removeBulkProducts(db: Db, storeId: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with gone as (delete from products
          where store_id = ${storeId} and slug like ${`${BULK_SLUG_PREFIX}%`} returning 1)
        select count(*)::int as n from gone`,
  );
  return Number(row?.n ?? 0);
}

/**
 * How a load keeps migration 0006's search documents, facets, word list and facet labels:
 * - 'per-batch': the triggers wait, and each batch's transaction ends with one
 *   refresh_product_search(its ids): one small statement per batch, so the time grows with the
 *   count. 20,000 clones: 12 s on PGlite, 6 s on PostgreSQL; 100,000: 1.5-2 min and 1 min.
 * - 'at-end': the triggers wait for refreshStoreSearch, one store-wide statement after the load,
 *   whose sorts grow faster than the catalogue: at 20,000 the refresh alone took 67 s on PGlite
 *   and 46 s on PostgreSQL; at 100,000 it was stopped after 22 minutes on PGlite and after 17
 *   on PostgreSQL (migration 0008, two busy cores).
 * - 'triggers': the statement-level triggers, two refreshes per batch (products, then attributes):
 *   15 s at 20,000 on PGlite. Same search data in every mode (compared at 20,000).
 */
export type SearchUpkeep = 'per-batch' | 'at-end' | 'triggers';

/**
 * Inserts clones in one transaction: one INSERT per table, each row set sent as a single JSON
 * parameter and unpacked by json_to_recordset. That is one round trip per table whatever the batch
 * size (PostgreSQL caps a statement at 65,535 parameters; PGlite parses the JSON in-process), and
 * it runs the same on both databases, where COPY would need a driver of its own for each.
 */
export async function insertBulkProducts(
  db: Db,
  storeId: string,
  batch: BulkProduct[],
  now: Date,
  search: SearchUpkeep = 'triggers',
): Promise<void> {
  if (batch.length === 0) return;
  const productRows = batch.map((p) => ({
    id: p.id,
    store_id: storeId,
    slug: p.slug,
    title: p.title,
    description: p.description,
    img_url: p.imgUrl,
    category: p.category,
    parent_category: p.parentCategory,
    regular_price_paise: p.regularPricePaise,
    discounted_price_paise: p.discountedPricePaise,
    hsn_code: p.hsnCode,
    gst_rate_bp: p.gstRateBp,
    created_at: p.createdAt.toISOString(),
  }));
  const imageRows = batch.flatMap((p) =>
    p.images.map((url, position) => ({ product_id: p.id, position, url })),
  );
  const attributeRows = batch.flatMap((p) =>
    p.attributes.map((a, position) => ({
      product_id: p.id,
      position,
      key: a.key,
      values: a.values,
      metric_unit: a.metricUnit,
    })),
  );
  const stockRows = batch.flatMap((p) =>
    p.stock.map((s) => ({ product_id: p.id, size: s.size, color: s.color, on_hand: s.onHand })),
  );
  const at = now.toISOString();
  await db.transaction(async (tx) => {
    // read by migration 0006's product_search_trigger; LOCAL: ends with this transaction
    if (search !== 'triggers') await tx.execute(sql`set local store.product_search = 'deferred'`);
    await tx.execute(sql`
      insert into products (id, store_id, slug, title, description, img_url, category,
        parent_category, regular_price_paise, discounted_price_paise, hsn_code, gst_rate_bp,
        active, created_at, updated_at)
      select id, store_id, slug, title, description, img_url, category, parent_category,
        regular_price_paise, discounted_price_paise, hsn_code, gst_rate_bp, true, created_at, ${at}
      from json_to_recordset(${JSON.stringify(productRows)}::json) as x(id uuid, store_id text,
        slug text, title text, description text, img_url text, category text,
        parent_category text, regular_price_paise integer, discounted_price_paise integer,
        hsn_code text, gst_rate_bp integer, created_at timestamptz)`);
    await tx.execute(sql`
      insert into product_images (product_id, position, url)
      select product_id, position, url
      from json_to_recordset(${JSON.stringify(imageRows)}::json)
        as x(product_id uuid, position smallint, url text)`);
    await tx.execute(sql`
      insert into product_attributes (product_id, position, key, "values", metric_unit)
      select product_id, position, key, "values", metric_unit
      from json_to_recordset(${JSON.stringify(attributeRows)}::json)
        as x(product_id uuid, position smallint, key text, "values" text[], metric_unit text)`);
    await tx.execute(sql`
      insert into stock_levels (product_id, size, color, on_hand, updated_at)
      select product_id, size, color, on_hand, ${at}
      from json_to_recordset(${JSON.stringify(stockRows)}::json)
        as x(product_id uuid, size text, color text, on_hand integer)`);
    if (search === 'per-batch') {
      // one array literal, not one parameter per id (drizzle spreads a JS array into a list)
      const ids = `{${batch.map((p) => p.id).join(',')}}`;
      await tx.execute(sql`select refresh_product_search(${ids}::uuid[])`);
    }
  });
}

/**
 * Whether migration 0006's refresh_product_search_for_store exists: the search document, facets
 * and word list its triggers keep per statement can then be deferred during a load and rebuilt
 * once at the end (one set-based pass instead of two per batch).
 */
export async function hasStoreSearchRefresh(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_proc p join pg_namespace s on s.oid = p.pronamespace
        where s.nspname = 'public' and p.proname = 'refresh_product_search_for_store'`,
  );
  return Number(row?.n ?? 0) > 0;
}

/**
 * Rebuilds the store's search documents, facets, word list and facet labels (see above): one
 * statement over the whole store, so only for a small store or a load with --search at-end.
 */
export async function refreshStoreSearch(db: Db, storeId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // its sorts and hashes (the word list, the facet tokens) stay in memory instead of temp files
    await tx.execute(sql`set local work_mem = '128MB'`);
    await tx.execute(sql`select refresh_product_search_for_store(${storeId})`);
  });
}

/** Fresh planner statistics for the tables the catalogue reads. */
export async function analyzeCatalogue(db: Db): Promise<void> {
  await db.execute(sql`analyze products, product_attributes, product_images, stock_levels`);
}
