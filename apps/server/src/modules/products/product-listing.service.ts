import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { MAX_RESULT_WINDOW } from '@store/contracts/limits';
import { pageCount } from '@store/contracts/paging';
import type { ProductListQuery, ProductListResponse } from '@store/contracts/products';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { filterConditions, whereOf, type SearchFilter } from './product-filters.service';
import {
  matchesSearch,
  relevance,
  resolveSearch,
  tsQuery,
  type ResolvedSearch,
} from './product-search.service';
import { hydrate, productColumns } from './products.service';

/**
 * Up to this many matches a listing's total is counted on every request, exactly (a bounded
 * scan: `count(*)` over `limit COUNT_BOUND + 1`). Above it the exact total is counted once per
 * filter set and remembered until the catalogue changes (`CountMemo`), so paging a large result
 * never counts again.
 */
export const COUNT_BOUND = 1000;

/** Where exact totals above COUNT_BOUND are remembered (ResponseCache.memo). */
export interface CountMemo {
  memo<T>(key: string, produce: () => Promise<T>): Promise<T>;
}

/** The pages a listing serves: offsets stop at MAX_RESULT_WINDOW (from + size ≤ window). */
export const lastServedPage = (limit: number) => Math.max(1, Math.floor(MAX_RESULT_WINDOW / limit));

/** The search of a query, resolved against the catalogue's words (typos corrected). */
export interface ListingSearch {
  filter: SearchFilter | null | undefined;
  resolved: ResolvedSearch | null | undefined;
}

/**
 * A search's filter: every word (AND), or, when no product has them all, any of them (OR).
 * `countKey` names the filters for the count memo.
 */
export async function searchFor(
  db: DbOrTx,
  storeId: string,
  q: Omit<ProductListQuery, 'page' | 'limit' | 'sort'>,
  /** matches counted up to this + 1; 0 when only whether there are any matters (suggest) */
  bound = COUNT_BOUND,
): Promise<ListingSearch & { boundedCount: number }> {
  const resolved = q.q === undefined ? undefined : await resolveSearch(db, storeId, q.q);
  let filter: SearchFilter | null | undefined =
    resolved === undefined ? undefined : resolved && { tsText: resolved.all };
  let boundedCount = await countUpTo(db, filterConditions(storeId, q, filter), bound);
  if (boundedCount === 0 && resolved?.several) {
    filter = { tsText: resolved.any };
    boundedCount = await countUpTo(db, filterConditions(storeId, q, filter), bound);
  }
  // A correction is only shown over results: the word list can hold a word no published product
  // has any more (a deleted product's attribute values stay until the store's next full refresh,
  // drizzle/0008), and "Showing results for …" over an empty page would spell it out.
  if (boundedCount === 0 && resolved?.correctedQuery) {
    return { filter, resolved: { ...resolved, correctedQuery: null }, boundedCount };
  }
  return { filter, resolved, boundedCount };
}

/** Matches counted up to `bound` + 1: the cost stays flat however large the catalogue. */
async function countUpTo(db: DbOrTx, where: SQL[], bound = COUNT_BOUND): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(products)
      .where(whereOf(where))
      .limit(bound + 1)
      .as('bounded'),
  );
  return Number(row?.n ?? 0);
}

async function countAll(db: DbOrTx, where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(whereOf(where));
  return Number(row?.n ?? 0);
}

/** Products whose title alone has the search's words (the GIN index products_title_doc_idx). */
const titleMatches = (search: SearchFilter) =>
  sql`${products.titleDoc} @@ ${tsQuery(search.tsText)}`;

/** Within a search tier: by relevance when the tier is small enough to rank, else newest. */
function tierOrder(search: SearchFilter, words: string, ranked: boolean) {
  return ranked
    ? [desc(relevance(search.tsText, words)), desc(products.createdAt), asc(products.id)]
    : [desc(products.createdAt), asc(products.id)];
}

/** A page of rows in the given order. */
async function tierPage(
  db: DbOrTx,
  where: SQL[],
  order: ReturnType<typeof tierOrder>,
  offset: number,
  limit: number,
) {
  if (limit <= 0) return [];
  return db
    .select(productColumns)
    .from(products)
    .where(whereOf(where))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/**
 * A page of a search by relevance, in two tiers: products whose TITLE has the words first, then
 * the ones that have them elsewhere (category, attributes, description). A tier of at most
 * COUNT_BOUND products is ranked by relevance; a larger one is served newest first, so no request
 * ranks a third of the catalogue: "pen" at 100,000 products reads a page's worth of the newest
 * titled pens (an index scan backward on created_at), not 32,000 documents. Offsets run across
 * the tiers, so pages neither repeat nor skip a product. `base`: the listing's filters without
 * the search.
 */
export async function relevancePage(
  db: DbOrTx,
  base: SQL[],
  search: SearchFilter,
  words: string,
  page: {
    offset: number;
    limit: number;
    /** every match, exact; without it the second tier is counted up to COUNT_BOUND + 1 */
    total?: number;
  },
  exactCount?: (where: SQL[], name: string) => Promise<number>,
) {
  const { offset, limit } = page;
  const inTitle = titleMatches(search);
  const inDoc = matchesSearch(search.tsText);
  // A large tier is read newest first. The planner underestimates a multi-word match ("fountain
  // & pen": 2,001 estimated, 10,302 real) and would collect every match through the GIN index
  // and sort them; `is true` hides the match from the index, so it walks created_at backward
  // and stops after a page (the tier is known to hold more than COUNT_BOUND products).
  const scanned = (match: SQL) => sql`(${match}) is true`;
  // the title's words are in search_doc too (weight A): a title match is a match
  const titled = [...base, inTitle];
  const titledBound = await countUpTo(db, titled);
  // past its first COUNT_BOUND products a large first tier needs its exact size (counted once)
  const titledCount =
    titledBound > COUNT_BOUND && offset + limit > COUNT_BOUND && exactCount
      ? await exactCount(titled, 'title')
      : titledBound;
  const titledRanked = titledBound <= COUNT_BOUND;
  const first =
    offset < titledCount
      ? await tierPage(
          db,
          titledRanked ? titled : [...base, scanned(inTitle)],
          tierOrder(search, words, titledRanked),
          offset,
          Math.min(limit, titledCount - offset),
        )
      : [];
  if (first.length >= limit) return first;
  const untitled = [...base, inDoc, sql`not (${inTitle})`];
  const rest = page.total === undefined ? await countUpTo(db, untitled) : page.total - titledCount;
  const restRanked = rest <= COUNT_BOUND;
  const second =
    rest > 0
      ? await tierPage(
          db,
          restRanked ? untitled : [...base, scanned(inDoc), sql`not (${inTitle})`],
          tierOrder(search, words, restRanked),
          Math.max(0, offset - titledCount),
          limit - first.length,
        )
      : [];
  return [...first, ...second];
}

function orderOf(q: ProductListQuery) {
  switch (q.sort) {
    case 'price_asc':
      return [asc(products.pricePaise), asc(products.id)];
    case 'price_desc':
      return [desc(products.pricePaise), asc(products.id)];
    default:
      return [desc(products.createdAt), asc(products.title), asc(products.id)];
  }
}

/**
 * The listing: the spec's filters plus search, price, options and stock; sorted by relevance
 * (the default with a search: relevancePage), price or newest (the default without), ties by id
 * so pages never overlap. Pages beyond MAX_RESULT_WINDOW answer no products (totalPages stops
 * before them).
 */
export async function listProducts(
  db: DbOrTx,
  storeId: string,
  q: ProductListQuery,
  counts?: CountMemo,
): Promise<ProductListResponse> {
  const { filter, resolved, boundedCount } = await searchFor(db, storeId, q);
  const where = filterConditions(storeId, q, filter);
  const filtersKey = `${storeId}|${JSON.stringify({ ...q, page: 0, limit: 0, sort: 0 })}|${filter?.tsText ?? ''}`;
  const exactCount = (w: SQL[], name: string) => {
    const count = () => countAll(db, w);
    return counts ? counts.memo(`count|${name}|${filtersKey}`, count) : count();
  };
  const total = boundedCount > COUNT_BOUND ? await exactCount(where, 'all') : boundedCount;
  const offset = (q.page - 1) * q.limit;
  const served = q.page <= lastServedPage(q.limit) && offset < total;
  const byRelevance = !!filter && (q.sort ?? 'relevance') === 'relevance';
  const rows = !served
    ? []
    : byRelevance
      ? await relevancePage(
          db,
          filterConditions(storeId, q, undefined),
          filter,
          resolved?.text ?? '',
          { offset, limit: q.limit, total },
          exactCount,
        )
      : await tierPage(db, where, orderOf(q), offset, q.limit);
  return {
    data: await hydrate(db, rows),
    pagination: {
      total,
      page: q.page,
      limit: q.limit,
      totalPages: pageCount(total, q.limit, lastServedPage(q.limit)),
    },
    ...(q.q === undefined ? {} : { correctedQuery: resolved?.correctedQuery ?? null }),
  };
}
