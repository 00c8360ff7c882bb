import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadProductRequests } from './load-requests';

/** Home's featured products: one row of four on a laptop, two rows of two on a phone. Here, not in
 * lib/listing.ts, so that home does not load the listing's URL rules for one number. */
export const FEATURED_LIMIT = 4;

/** GET /products?featured=true&limit=4 (requests.ts `getFeaturedProducts`): empty on a failure. */
export const featuredProductsQueryOptions = (limit = FEATURED_LIMIT) =>
  queryOptions({
    queryKey: ['products', 'featured', limit],
    queryFn: async ({ signal }) => (await loadProductRequests()).getFeaturedProducts(limit, signal),
    // Fetched once when home mounts (spec section 4).
    staleTime: Infinity,
  });

export function useFeaturedProducts(limit = FEATURED_LIMIT) {
  return useQuery(featuredProductsQueryOptions(limit));
}
