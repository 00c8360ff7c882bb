// Plain constants with no zod import, so the web app's entry chunk (the cart) can use them
// without pulling the schema library in.

/** Most distinct lines one order may have. */
export const ORDER_MAX_LINES = 50;
/**
 * Most units of one product per order, all its sizes and colours together (the `products` map sums
 * them); the cart and its quantity steppers stop here.
 */
export const ORDER_MAX_QUANTITY = 99;
/** A wishlist is a shortlist; past this the oldest entries drop off (in the browser and on the server). */
export const WISHLIST_MAX_ITEMS = 100;
/** Products per listing page (spec: 12); the API's default `limit` and the web's page size. */
export const PRODUCT_PAGE_SIZE = 12;
/** Most products one listing request may ask for (`limit`). */
export const PRODUCT_MAX_LIMIT = 100;
/** Orders per page in My Orders; `GET /orders?page=&limit=`. */
export const ORDER_PAGE_SIZE = 10;
/** Most orders one `GET /orders` answers, and what a request without paging parameters gets. */
export const ORDER_LIST_MAX = 100;

// ---- search, sort and facets (issue 13) ----

/** Listing orders; `relevance` only means something with a search (`q`), else it is `newest`. */
export const PRODUCT_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** Labels the sort menu shows, in its order. */
export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Relevance',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  newest: 'Newest',
};
/** Longest search a shopper may type (characters). */
export const SEARCH_MAX_LENGTH = 100;
/** Suggestions shown under the search box. */
export const SUGGEST_LIMIT = 6;
/** Related products under a product. */
export const RELATED_LIMIT = 4;
/**
 * The deepest result a listing pages to (like Elasticsearch's max_result_window): deeper offsets
 * cost a scan of every row before them, and no shopper pages past a few hundred products without
 * narrowing the search. `totalPages` stops here; `total` still counts every match.
 */
export const MAX_RESULT_WINDOW = 10_000;
/**
 * Price ranges the filter offers, in whole rupees: [min, max) with null for no upper bound. The
 * URL carries `minPrice`/`maxPrice`, so any range a shopper types also works.
 */
export const PRICE_BUCKETS: readonly (readonly [number, number | null])[] = [
  [0, 200],
  [200, 500],
  [500, 1000],
  [1000, null],
];
