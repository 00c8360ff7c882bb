import { PRODUCT_MAX_LIMIT, PRODUCT_PAGE_SIZE } from '@store/contracts/limits';

/** The parent-category lookup asks for as many products as the API allows in one page. */
export const PARENT_CATEGORY_LIMIT = PRODUCT_MAX_LIMIT;
export const FEATURED_LIMIT = 4;

/** Spec section 7: accessories also match these categories. */
export const ACCESSORIES_FILTER = 'Accessories,Personal Care,Home,null,Unisex';

export interface ListingParams {
  category?: string;
  parentCategory?: string;
  page: number;
  featured: boolean;
}

/** Read /products query parameters (page defaults to 1; junk pages become 1). */
export function readListingParams(search: URLSearchParams): ListingParams {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return {
    category: search.get('category')?.trim() || undefined,
    parentCategory: search.get('parentCategory')?.trim() || undefined,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    featured: search.get('featured') === 'true',
  };
}

/** GET /products query of spec section 7 (only non-empty filters). */
export function productListQuery(params: ListingParams, limit = PRODUCT_PAGE_SIZE) {
  const category = params.category?.toLowerCase();
  return {
    page: params.page,
    limit,
    category: params.category,
    gender: category === 'men' ? 'Men' : category === 'women' ? 'Women' : undefined,
    filter: category === 'accessories' ? ACCESSORIES_FILTER : undefined,
    parentCategory: params.parentCategory,
    featured: params.featured ? 'true' : undefined,
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Listing heading: parent category, else men/women wording, else capitalised category, else All Products. */
export function listingHeading(
  params: Pick<ListingParams, 'category' | 'parentCategory' | 'featured'>,
): string {
  if (params.parentCategory) return params.parentCategory;
  const category = params.category;
  if (!category) return params.featured ? 'Featured Products' : 'All Products';
  if (category.toLowerCase() === 'men') return "Men's Ethnic Wear";
  if (category.toLowerCase() === 'women') return "Women's Ethnic Wear";
  return capitalise(category);
}

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

/** "Showing x to y of n items" */
export function showingText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'Showing 0 to 0 of 0 items';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} items`;
}

/** Distinct parent categories, in first-seen order. */
export function distinctParentCategories(
  products: readonly { parentCategory: string | null }[],
): string[] {
  const seen = new Set<string>();
  for (const p of products) {
    const name = p.parentCategory?.trim();
    if (name) seen.add(name);
  }
  return [...seen];
}
