import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ProductFacetsQuery } from '@store/contracts/products';
import { facetKey } from '../../db/product-variants';
import { products, stockLevels } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { matchesSearch } from './product-search.service';

/** Distinct attribute keys (`attr=Key:Value`) a listing or its facets may filter on at once. */
export const MAX_ATTRIBUTE_KEYS = 10;

/** `size:a5`, as products.facet_values holds it. */
export const facetToken = (key: string, value: string) =>
  `${facetKey(key)}:${value.trim().toLowerCase()}`;

/** A filter a facet can leave out when it counts its own values (disjunctive facets). */
export type FacetDimension = 'category' | 'parentCategory' | 'price' | 'inStock' | `key:${string}`;

/** The chosen size, colour and attribute values, as tokens grouped by facet key. */
export function chosenTokens(q: ProductFacetsQuery): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const { key, token } of chosenValues(q)) byKey.set(key, [...(byKey.get(key) ?? []), token]);
  return byKey;
}

/** Each chosen value with its facet key and token, as the shopper wrote it. */
export function chosenValues(
  q: ProductFacetsQuery,
): { key: string; token: string; keyAsWritten: string; value: string }[] {
  const chosen: { key: string; token: string; keyAsWritten: string; value: string }[] = [];
  const add = (key: string, value: string) => {
    if (!value.trim()) return;
    const k = facetKey(key);
    chosen.push({
      key: k,
      token: facetToken(k, value),
      keyAsWritten: key.trim(),
      value: value.trim(),
    });
  };
  const attrKeys = new Set<string>();
  for (const v of q.size ?? []) add('size', v);
  for (const v of q.color ?? []) add('color', v);
  for (const a of q.attr ?? []) {
    const at = a.indexOf(':');
    // 'Key:Value'; without a colon there is no key to file it under
    if (at > 0) {
      add(a.slice(0, at), a.slice(at + 1));
      attrKeys.add(facetKey(a.slice(0, at)));
    }
  }
  // each chosen key is one more boolean column in the facets' pass and one more count: thirty
  // keys no product has would cost thirty for nothing (the shop shows at most 8 attribute facets)
  if (attrKeys.size > MAX_ATTRIBUTE_KEYS) {
    throw new HttpError(400, `Choose at most ${MAX_ATTRIBUTE_KEYS} kinds of filter`);
  }
  return chosen;
}

/** The search, already resolved to tsquery text (product-search.service.ts), or none. */
export interface SearchFilter {
  tsText: string;
}

/**
 * The filters a facet counts without (disjunctive facets): category, parent category, price, in
 * stock and each chosen key, as the shopper set them. Every other filter applies to every facet.
 */
export function facetDimensionFilters(
  q: ProductFacetsQuery,
): { dimension: FacetDimension; condition: SQL }[] {
  const dims: { dimension: FacetDimension; condition: SQL }[] = [];
  if (q.category) {
    dims.push({
      dimension: 'category',
      condition: sql`lower(${products.category}) = ${q.category.trim().toLowerCase()}`,
    });
  }
  if (q.parentCategory) {
    dims.push({
      dimension: 'parentCategory',
      condition: sql`lower(${products.parentCategory}) = ${q.parentCategory.trim().toLowerCase()}`,
    });
  }
  const price: SQL[] = [];
  if (q.minPrice !== undefined) price.push(sql`${products.pricePaise} >= ${q.minPrice * 100}`);
  if (q.maxPrice !== undefined) price.push(sql`${products.pricePaise} < ${q.maxPrice * 100}`);
  if (price.length) dims.push({ dimension: 'price', condition: and(...price)! });
  for (const [key, tokens] of chosenTokens(q)) {
    // any of the chosen values of one key (the GIN index on facet_values)
    dims.push({
      dimension: `key:${key}`,
      condition: sql`${products.facetValues} && ${sql.param(tokens)}::text[]`,
    });
  }
  if (q.inStock === 'true') dims.push({ dimension: 'inStock', condition: inStockCondition });
  return dims;
}

/**
 * WHERE conditions of a listing: the spec's parameters (category, gender, filter, parentCategory,
 * featured), the search, and the facet filters except `except` (a facet's own counts leave its
 * own filter out; 'every facet' leaves them all out). Each has an index: lower(category),
 * lower(parent_category), the partial featured index, price_paise, and the GIN indexes on
 * search_doc and facet_values.
 */
export function filterConditions(
  storeId: string,
  q: ProductFacetsQuery,
  search: SearchFilter | null | undefined,
  except?: FacetDimension | 'every facet',
): SQL[] {
  const where: SQL[] = [eq(products.storeId, storeId), eq(products.active, true)];
  if (q.gender) where.push(sql`lower(${products.gender}) = ${q.gender.trim().toLowerCase()}`);
  if (q.filter) {
    const items = q.filter
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const names = items.filter((s) => s.toLowerCase() !== 'null').map((s) => s.toLowerCase());
    const parts: SQL[] = [];
    if (names.length) parts.push(inArray(sql`lower(${products.category})`, names));
    if (items.some((s) => s.toLowerCase() === 'null')) parts.push(isNull(products.category));
    if (parts.length) where.push(or(...parts)!);
  }
  if (q.featured === 'true') where.push(eq(products.featured, true));
  // a search with no word in it (only punctuation) matches nothing
  if (search === null) where.push(sql`false`);
  else if (search) where.push(matchesSearch(search.tsText));
  if (except !== 'every facet') {
    for (const d of facetDimensionFilters(q)) if (d.dimension !== except) where.push(d.condition);
  }
  return where;
}

/** Some size/colour of the product has stock (stock_levels' primary key starts with product_id). */
export const inStockCondition = sql`exists (select 1 from ${stockLevels}
  where ${stockLevels.productId} = ${products.id} and ${stockLevels.onHand} > 0)`;

export const whereOf = (conditions: SQL[]) => and(...conditions)!;
