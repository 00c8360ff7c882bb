import { and, asc, count, eq, sql } from 'drizzle-orm';
import { policySlugs, type StoreInfo } from '@store/contracts/store';
import { escapeHtml } from '@store/contracts/text';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { categoryPath, parentCategoryPath, productPath } from './site-urls';

/** The sitemaps protocol's limit per file (sitemaps.org): more URLs go through a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;

/** A published product is one GET /api/v1/products/:id answers (products.service.ts getProduct). */
const published = (storeId: string) =>
  and(eq(products.storeId, storeId), eq(products.active, true));

interface SitemapUrl {
  path: string;
  lastmod?: Date | undefined;
}

const urlset = (origin: string, urls: SitemapUrl[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (u) =>
        `<url><loc>${escapeHtml(origin + u.path)}</loc>${
          u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''
        }</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');

const sitemapIndex = (origin: string, paths: string[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `<sitemap><loc>${escapeHtml(origin + p)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');

/** Published products per category (lower-cased, trimmed) and parent category (trimmed). */
export interface ListingGroup {
  category: string | null;
  parentCategory: string | null;
  count: number;
}

/**
 * The listings the catalogue has: one row per category and parent category its published products
 * name, with how many. The sitemap's category and parent pages, and the page head's test of whether
 * a listing URL names something the store has (page-head.ts, memoised until the catalogue changes).
 */
export async function listingGroups(db: DbOrTx, storeId: string): Promise<ListingGroup[]> {
  const category = sql<string | null>`lower(trim(${products.category}))`;
  const parentCategory = sql<string | null>`trim(${products.parentCategory})`;
  const rows = await db
    .select({ category, parentCategory, count: sql<number>`count(*)::int` })
    .from(products)
    .where(published(storeId))
    .groupBy(category, parentCategory);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/**
 * The store's pages other than products: home, the listing, every category the home tiles or a
 * product names (lower-cased, as the tiles link them), every parent category, the policies and
 * the contact page.
 */
async function pageUrls(db: DbOrTx, storeId: string, info: StoreInfo): Promise<SitemapUrl[]> {
  const groups = await listingGroups(db, storeId);
  const categories = new Set(
    [...info.categories, ...groups.map((g) => g.category ?? '')]
      .map((c) => c.trim().toLowerCase())
      .filter(Boolean),
  );
  const parents = new Set(groups.map((g) => g.parentCategory ?? '').filter(Boolean));
  return [
    { path: '/' },
    { path: '/products' },
    ...[...categories].sort().map((c) => ({ path: categoryPath(c) })),
    ...[...parents].sort().map((p) => ({ path: parentCategoryPath(p) })),
    ...policySlugs.map((slug) => ({ path: `/${slug}` })),
    { path: '/contact' },
  ];
}

async function productUrls(
  db: DbOrTx,
  storeId: string,
  offset: number,
  limit: number,
): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(published(storeId))
    .orderBy(asc(products.id))
    .offset(offset)
    .limit(limit);
  return rows.map((r) => ({ path: productPath(r.id), lastmod: r.updatedAt }));
}

export interface SitemapInput {
  db: DbOrTx;
  storeId: string;
  info: StoreInfo;
  origin: string;
  maxUrls?: number;
}

/**
 * /sitemap.xml: every URL in one urlset while they fit one file; past that a sitemap index of
 * /sitemap-pages.xml and /sitemap-products-{n}.xml, each within the limit.
 */
export async function sitemapXml({
  db,
  storeId,
  info,
  origin,
  maxUrls = SITEMAP_MAX_URLS,
}: SitemapInput): Promise<string> {
  const [pages, [{ total } = { total: 0 }]] = await Promise.all([
    pageUrls(db, storeId, info),
    db.select({ total: count() }).from(products).where(published(storeId)),
  ]);
  if (pages.length + total <= maxUrls) {
    return urlset(origin, [...pages, ...(await productUrls(db, storeId, 0, maxUrls))]);
  }
  const parts = Math.ceil(total / maxUrls);
  return sitemapIndex(origin, [
    '/sitemap-pages.xml',
    ...Array.from({ length: parts }, (_, i) => `/sitemap-products-${i + 1}.xml`),
  ]);
}

/** /sitemap-pages.xml of a sitemap index. */
export async function pagesSitemapXml({
  db,
  storeId,
  info,
  origin,
}: SitemapInput): Promise<string> {
  return urlset(origin, await pageUrls(db, storeId, info));
}

/** /sitemap-products-{part}.xml of a sitemap index (part from 1); null past the last one. */
export async function productsSitemapXml(
  { db, storeId, origin, maxUrls = SITEMAP_MAX_URLS }: SitemapInput,
  part: number,
): Promise<string | null> {
  const urls = await productUrls(db, storeId, (part - 1) * maxUrls, maxUrls);
  return urls.length ? urlset(origin, urls) : null;
}
