import type { PolicySlug } from '@store/contracts/store';

/**
 * Every in-app link target, one entry per route of app/router.tsx, so a renamed route or a query
 * parameter is changed in one place and a link cannot point at a route that does not exist.
 * Plain strings for fixed routes, builders for routes with parameters.
 */

/** Query of /products (spec section 2); features/products/lib/listing.ts reads it back. */
export interface ProductsQuery {
  /** search words (the listing's other filters are written by features/products/lib/listing.ts) */
  q?: string;
  category?: string;
  parentCategory?: string;
  page?: number;
  featured?: boolean;
}

type QueryValue = string | number | boolean | undefined;

/**
 * `path?key=value&…` with the defined values only, in the order given. encodeURIComponent (not
 * URLSearchParams, which writes a space as '+') keeps the links the spec shows, e.g.
 * /products?category=diaries%20%26%20notebooks.
 */
function withQuery(path: string, query: Record<string, QueryValue>): string {
  const pairs = Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

export const paths = {
  home: '/',
  /** /products, optionally filtered; `featured` only appears when true. */
  products: (query: ProductsQuery = {}): string =>
    withQuery('/products', {
      q: query.q,
      category: query.category,
      parentCategory: query.parentCategory,
      page: query.page,
      featured: query.featured ? true : undefined,
    }),
  /** A store category's listing: /products?category={lowercased name}. */
  category: (name: string): string => withQuery('/products', { category: name.toLowerCase() }),
  product: (id: string): string => `/product/${encodeURIComponent(id)}`,
  cart: '/cart',
  wishlist: '/wishlist',
  /** The tracking form prefills its Order Number from `id`. */
  trackOrder: (orderId?: string): string => withQuery('/track-order', { id: orderId }),
  contact: '/contact',
  apiTest: '/api-test',
  orderSuccess: '/order-success',
  /** The page to return to after login travels in navigation state (`from`), not in the URL. */
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  /** The e-mailed link carries `token`; the page takes it out of the address bar at once. */
  resetPassword: '/reset-password',
  /** a cart reminder's link to stop them (its token in the fragment; the page takes it out) */
  unsubscribe: '/unsubscribe',
  /** the newsletter's confirm and unsubscribe link (its token in the fragment, as above) */
  newsletter: '/newsletter',
  account: '/account',
  /** the signed-in shopper's address book */
  addresses: '/account/addresses',
  checkout: '/checkout',
  orders: '/orders',
  payment: (orderId: string): string => withQuery('/payment', { orderId }),
  policy: (slug: PolicySlug): string => `/${slug}`,
  notFound: '/404',
} as const;
