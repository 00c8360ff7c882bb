import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PRICE_BUCKETS } from '@store/contracts/limits';
import type { FacetValue, ProductFacets, ProductFacetsQuery } from '@store/contracts/products';
import type { DbOrTx } from '../../db/client';
import { productFacetLabels, products } from '../../db/schema';
import {
  chosenTokens,
  chosenValues,
  filterConditions,
  inStockCondition,
  whereOf,
  type FacetDimension,
} from './product-filters.service';
import { searchFor } from './product-listing.service';

/** Attribute facets shown at most, and values per facet. */
export const MAX_ATTRIBUTE_FACETS = 8;
export const MAX_FACET_VALUES = 20;

interface TokenCount {
  token: string;
  n: number;
}

/**
 * Tokens of facet_values counted over the matching rows only (unnest + group by), limited to
 * tokens starting with one of `prefixes` ('size:') or, with `exceptPrefixes`, to any other.
 */
async function tokenCounts(
  db: DbOrTx,
  where: SQL[],
  prefixes: string[],
  exceptPrefixes = false,
): Promise<TokenCount[]> {
  const tok = sql.raw('tok');
  const hasPrefix = prefixes.length
    ? sql`(${sql.join(
        prefixes.map((p) => sql`left(${tok}, ${p.length}) = ${p}`),
        sql` or `,
      )})`
    : sql`false`;
  const rows = await db
    .select({ token: sql<string>`${tok}`, n: sql<number>`count(*)::int` })
    .from(sql`${products}, unnest(${products.facetValues}) as ${tok}`)
    .where(and(whereOf(where), exceptPrefixes ? sql`not ${hasPrefix}` : hasPrefix))
    .groupBy(tok)
    .orderBy(desc(sql`count(*)`), tok);
  return rows.map((r) => ({ token: r.token, n: Number(r.n) }));
}

async function groupCounts(db: DbOrTx, where: SQL[], column: SQL): Promise<FacetValue[]> {
  const rows = await db
    .select({ value: sql<string>`${column}`, count: sql<number>`count(*)::int` })
    .from(products)
    .where(and(whereOf(where), sql`${column} is not null and ${column} <> ''`))
    .groupBy(column)
    .orderBy(desc(sql`count(*)`), column);
  return rows.map((r) => ({ value: r.value, count: Number(r.count) }));
}

/**
 * Counts for a listing's filters, each facet with every other filter applied but its own
 * (choosing Black still counts Navy Blue). A handful of indexed queries over the matching rows;
 * the route caches the answer like the listing's.
 */
export async function productFacets(
  db: DbOrTx,
  storeId: string,
  q: ProductFacetsQuery,
): Promise<ProductFacets> {
  const { filter } = await searchFor(db, storeId, q);
  const where = (except?: FacetDimension) => filterConditions(storeId, q, filter, except);
  const chosen = chosenTokens(q);
  // a chosen key is counted without its own filter; every other key with all filters
  const chosenKeys = [...chosen.keys()];
  const [totals, prices, categories, parentCategories, open, ...closed] = await Promise.all([
    db
      .select({
        // the in-stock filter is the one left out: total puts it back
        total: sql<number>`count(*) filter (where ${q.inStock === 'true' ? inStockCondition : sql`true`})::int`,
        inStock: sql<number>`count(*) filter (where ${inStockCondition})::int`,
      })
      .from(products)
      .where(whereOf(where('inStock'))),
    priceCounts(db, where('price')),
    groupCounts(db, where('category'), sql`${products.category}`),
    groupCounts(db, where('parentCategory'), sql`${products.parentCategory}`),
    // every key not chosen, with all filters
    tokenCounts(
      db,
      where(),
      chosenKeys.map((k) => `${k}:`),
      true,
    ),
    ...chosenKeys.map((k) => tokenCounts(db, where(`key:${k}`), [`${k}:`])),
  ]);
  const tokens = [...open, ...closed.flat()];
  const labels = await labelsOf(
    db,
    storeId,
    tokens.map((t) => t.token),
  );
  // a chosen value no product has (yet) is shown as it was written
  for (const c of chosenValues(q)) {
    if (!labels.has(c.token)) {
      labels.set(c.token, { keyLabel: c.keyAsWritten, valueLabel: c.value, metricUnit: null });
    }
  }
  return {
    total: Number(totals[0]?.total ?? 0),
    categories,
    parentCategories,
    prices,
    ...optionFacets(tokens, labels, chosen),
    inStock: Number(totals[0]?.inStock ?? 0),
  };
}

async function priceCounts(db: DbOrTx, where: SQL[]): Promise<ProductFacets['prices']> {
  const price = products.pricePaise;
  const [row] = await db
    .select({
      counts: sql<number[]>`array[${sql.join(
        PRICE_BUCKETS.map(
          ([min, max]) =>
            sql`count(*) filter (where ${price} >= ${min * 100}${
              max === null ? sql`` : sql` and ${price} < ${max * 100}`
            })::int`,
        ),
        sql`, `,
      )}]`,
    })
    .from(products)
    .where(whereOf(where));
  return PRICE_BUCKETS.map(([min, max], i) => ({
    min,
    max,
    count: Number(row?.counts[i] ?? 0),
  }));
}

interface Label {
  keyLabel: string;
  valueLabel: string;
  metricUnit: string | null;
}

/** How each token is shown (product_facet_labels, kept by the same triggers). */
async function labelsOf(
  db: DbOrTx,
  storeId: string,
  tokens: string[],
): Promise<Map<string, Label>> {
  if (tokens.length === 0) return new Map();
  const rows = await db
    .select()
    .from(productFacetLabels)
    .where(and(eq(productFacetLabels.storeId, storeId), inArray(productFacetLabels.token, tokens)));
  return new Map(rows.map((r) => [r.token, r]));
}

const keyOf = (token: string) => token.slice(0, token.indexOf(':'));

/**
 * Sizes, colours and the other attributes (keys containing 'phone' and featured never become
 * tokens). An attribute shows when it has two values or more in the result, or is chosen; at most
 * MAX_ATTRIBUTE_FACETS keys (most products first) and MAX_FACET_VALUES values each. A chosen value
 * the other filters leave no product for still shows, with 0, so it can be unticked.
 */
export function optionFacets(
  counted: TokenCount[],
  labels: Map<string, Label>,
  chosen: Map<string, string[]>,
): Pick<ProductFacets, 'sizes' | 'colors' | 'attributes'> {
  const byKey = new Map<string, TokenCount[]>();
  for (const t of counted) byKey.set(keyOf(t.token), [...(byKey.get(keyOf(t.token)) ?? []), t]);
  for (const [key, tokens] of chosen) {
    const list = byKey.get(key) ?? [];
    for (const token of tokens)
      if (!list.some((t) => t.token === token)) list.push({ token, n: 0 });
    byKey.set(key, list);
  }
  const valueLabel = (token: string) =>
    labels.get(token)?.valueLabel ?? token.slice(token.indexOf(':') + 1);
  const valuesOf = (list: TokenCount[]): FacetValue[] =>
    [...list]
      .sort((a, b) => b.n - a.n || valueLabel(a.token).localeCompare(valueLabel(b.token)))
      .slice(0, MAX_FACET_VALUES)
      .map((t) => ({ value: valueLabel(t.token), count: t.n }));
  const attributes = [...byKey]
    .filter(
      ([key, list]) => key !== 'size' && key !== 'color' && (list.length > 1 || chosen.has(key)),
    )
    .map(([key, list]) => ({
      list,
      products: list.reduce((sum, t) => sum + t.n, 0),
      key: labels.get(list[0]!.token)?.keyLabel ?? key,
      metricUnit: list.map((t) => labels.get(t.token)?.metricUnit).find((u) => u) ?? null,
    }))
    .sort((a, b) => b.products - a.products || a.key.localeCompare(b.key))
    .slice(0, MAX_ATTRIBUTE_FACETS)
    .map((a) => ({ key: a.key, metricUnit: a.metricUnit, values: valuesOf(a.list) }));
  return {
    sizes: valuesOf(byKey.get('size') ?? []),
    colors: valuesOf(byKey.get('color') ?? []),
    attributes,
  };
}
