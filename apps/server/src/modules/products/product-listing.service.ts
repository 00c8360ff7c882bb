import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { MAX_RESULT_WINDOW } from '@store/contracts/limits';
import type { ProductListQuery, ProductListResponse } from '@store/contracts/products';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { filterConditions, whereOf, type SearchFilter } from './product-filters.service';
import { relevance, resolveSearch, type ResolvedSearch } from './product-search.service';
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
): Promise<ListingSearch & { boundedCount: number }> {
  const resolved = q.q === undefined ? undefined : await resolveSearch(db, storeId, q.q);
  let filter: SearchFilter | null | undefined =
    resolved === undefined ? undefined : resolved && { tsText: resolved.all };
  let boundedCount = await countUpTo(db, filterConditions(storeId, q, filter));
  if (boundedCount === 0 && resolved?.several) {
    filter = { tsText: resolved.any };
    boundedCount = await countUpTo(db, filterConditions(storeId, q, filter));
  }
  return { filter, resolved, boundedCount };
}

/** Matches counted up to COUNT_BOUND + 1: the cost stays flat however large the catalogue. */
async function countUpTo(db: DbOrTx, where: SQL[]): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(products)
      .where(whereOf(where))
      .limit(COUNT_BOUND + 1)
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

function orderOf(q: ProductListQuery, search: SearchFilter | null | undefined, words: string) {
  const sort = q.sort ?? (search ? 'relevance' : 'newest');
  switch (sort) {
    case 'price_asc':
      return [asc(products.pricePaise), asc(products.id)];
    case 'price_desc':
      return [desc(products.pricePaise), asc(products.id)];
    case 'relevance':
      if (search) {
        return [desc(relevance(search.tsText, words)), desc(products.createdAt), asc(products.id)];
      }
      break;
    case 'newest':
      break;
  }
  return [desc(products.createdAt), asc(products.title), asc(products.id)];
}

/**
 * The listing: the spec's filters plus search, price, options and stock; sorted by relevance
 * (the default with a search), price or newest (the default without), ties by id so pages never
 * overlap. Pages beyond MAX_RESULT_WINDOW answer no products (totalPages stops before them).
 */
export async function listProducts(
  db: DbOrTx,
  storeId: string,
  q: ProductListQuery,
  counts?: CountMemo,
): Promise<ProductListResponse> {
  const { filter, resolved, boundedCount } = await searchFor(db, storeId, q);
  const where = filterConditions(storeId, q, filter);
  let total = boundedCount;
  if (boundedCount > COUNT_BOUND) {
    const count = () => countAll(db, where);
    const key = `count|${storeId}|${JSON.stringify({ ...q, page: 0, limit: 0, sort: 0 })}|${filter?.tsText ?? ''}`;
    total = counts ? await counts.memo(key, count) : await count();
  }
  const offset = (q.page - 1) * q.limit;
  const served = q.page <= lastServedPage(q.limit) && offset < total;
  const rows = served
    ? await db
        .select(productColumns)
        .from(products)
        .where(whereOf(where))
        .orderBy(...orderOf(q, filter, resolved?.text ?? ''))
        .limit(q.limit)
        .offset(offset)
    : [];
  return {
    data: await hydrate(db, rows),
    pagination: {
      total,
      page: q.page,
      limit: q.limit,
      totalPages: Math.min(Math.ceil(total / q.limit), lastServedPage(q.limit)),
    },
    ...(q.q === undefined ? {} : { correctedQuery: resolved?.correctedQuery ?? null }),
  };
}
