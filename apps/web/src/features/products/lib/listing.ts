import { countOf } from '@store/contracts/text';
import { PRODUCT_PAGE_SIZE, PRODUCT_SORTS, type ProductSort } from '@store/contracts/limits';
import { lastPage as lastPageOf, parsePage } from '@store/contracts/paging';

/** Spec section 7: accessories also match these categories. */
export const ACCESSORIES_FILTER = 'Accessories,Personal Care,Home,null,Unisex';

/** The shopper's filters beyond the spec's parameters (issue 13); lists are repeated parameters. */
export interface ListingFilters {
  /** search words */
  q?: string;
  /** whole rupees, inclusive */
  minPrice?: number;
  /** whole rupees, exclusive */
  maxPrice?: number;
  size: string[];
  color: string[];
  /** `Key:Value` */
  attr: string[];
  inStock: boolean;
}

export interface ListingParams extends ListingFilters {
  category?: string;
  parentCategory?: string;
  page: number;
  featured: boolean;
  /** as chosen in the URL; `sortOf` gives the one in effect */
  sort?: ProductSort;
}

function readRupees(value: string | null): number | undefined {
  return value && /^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

function readList(search: URLSearchParams, key: string): string[] {
  return [...new Set(search.getAll(key).map((v) => v.trim()))].filter(Boolean);
}

function isSort(value: string | null): value is ProductSort {
  return (PRODUCT_SORTS as readonly (string | null)[]).includes(value);
}

/** Read /products query parameters (page defaults to 1; junk pages, prices and sorts are ignored). */
export function readListingParams(search: URLSearchParams): ListingParams {
  const sort = search.get('sort');
  return {
    category: search.get('category')?.trim() || undefined,
    parentCategory: search.get('parentCategory')?.trim() || undefined,
    page: parsePage(search.get('page')),
    featured: search.get('featured') === 'true',
    q: search.get('q')?.trim() || undefined,
    sort: isSort(sort) ? sort : undefined,
    minPrice: readRupees(search.get('minPrice')),
    maxPrice: readRupees(search.get('maxPrice')),
    size: readList(search, 'size'),
    color: readList(search, 'color'),
    attr: readList(search, 'attr').filter((a) => a.includes(':')),
    inStock: search.get('inStock') === 'true',
  };
}

/** Relevance means something only with a search; without one the server's default is newest. */
export function sortOf(params: Pick<ListingParams, 'q' | 'sort'>): ProductSort {
  if (params.sort && (params.sort !== 'relevance' || params.q)) return params.sort;
  return params.q ? 'relevance' : 'newest';
}

/** The sorts the menu offers: relevance only with a search. */
export function sortChoices(q: string | undefined): ProductSort[] {
  return PRODUCT_SORTS.filter((s) => s !== 'relevance' || !!q);
}

/** GET /products/facets query: the listing's filters (spec section 7 ones too), no page or sort. */
export function productFacetsQuery(params: ListingParams) {
  const category = params.category?.toLowerCase();
  return {
    category: params.category,
    gender: category === 'men' ? 'Men' : category === 'women' ? 'Women' : undefined,
    filter: category === 'accessories' ? ACCESSORIES_FILTER : undefined,
    parentCategory: params.parentCategory,
    featured: params.featured ? 'true' : undefined,
    q: params.q,
    minPrice: params.minPrice,
    maxPrice: params.maxPrice,
    size: params.size,
    color: params.color,
    attr: params.attr,
    inStock: params.inStock ? 'true' : undefined,
  };
}

/** GET /products query of spec section 7 (only non-empty filters), plus search, sort and filters. */
export function productListQuery(params: ListingParams, limit = PRODUCT_PAGE_SIZE) {
  return {
    page: params.page,
    limit,
    ...productFacetsQuery(params),
    // the default order is left to the server, so a spec-only listing asks exactly what it did
    sort: params.sort ? sortOf(params) : undefined,
  };
}

/** Whether any of the issue-13 filters (not the spec's category or parent category) is chosen. */
/** The listing's h1 (tabIndex -1): where focus goes when the last chosen filter is removed. */
export const LISTING_HEADING_ID = 'listing-heading';

export function hasFilters(params: ListingFilters): boolean {
  return (
    params.minPrice !== undefined ||
    params.maxPrice !== undefined ||
    params.size.length > 0 ||
    params.color.length > 0 ||
    params.attr.length > 0 ||
    params.inStock
  );
}

/**
 * A URL change: every filter or sort change goes back to page 1 (a page number means nothing in
 * another result). `set` replaces a parameter's values; undefined or [] removes it.
 */
export function withFilter(
  search: URLSearchParams,
  changes: Record<string, string | readonly string[] | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    for (const v of typeof value === 'string' ? [value] : (value ?? [])) next.append(key, v);
  }
  next.set('page', '1');
  return next;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The listing's heading (spec section 2): one rule with the page title, in contracts. */
export { listingHeading } from '@store/contracts/page-title';

/**
 * Collection titles (spec section 2): Men's Collection, Women's Collection, Accessories; other
 * names get the same style without a possessive that would misread a stationery name
 * ("Pens & Writing's Collection"): "Pens & Writing Collection" (docs/decisions/web-collection-titles.md).
 */
export function categoryTitle(category: string): string {
  const name = category.trim();
  const key = name.toLowerCase();
  if (key === 'men') return "Men's Collection";
  if (key === 'women') return "Women's Collection";
  if (key === 'accessories') return 'Accessories';
  return `${capitalise(name)} Collection`;
}

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** Page numbers within 2 of the current page, plus first and last, with ellipses for gaps. */
export function paginationWindow(current: number, totalPages: number, radius = 2): PageItem[] {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  const page = Math.min(Math.max(1, current), totalPages);
  const from = Math.max(1, page - radius);
  const to = Math.min(totalPages, page + radius);
  const items: PageItem[] = [];
  if (from > 1) items.push(1);
  if (from > 2) items.push('ellipsis-start');
  for (let p = from; p <= to; p++) items.push(p);
  if (to < totalPages - 1) items.push('ellipsis-end');
  if (to < totalPages) items.push(totalPages);
  return items;
}

/** The last page a result has: the server's totalPages (capped by its result window) or from total. */
export function lastPage(total: number, pageSize: number, totalPages?: number): number {
  return totalPages === undefined ? lastPageOf(total, pageSize) : Math.max(1, totalPages);
}

/** "Showing x to y of n items" */
export function showingText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'Showing 0 to 0 of 0 items';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${countOf(total, 'item')}`;
}
