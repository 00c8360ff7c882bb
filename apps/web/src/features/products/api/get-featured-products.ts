import { queryOptions, useQuery } from '@tanstack/react-query';
import { FEATURED_LIMIT } from '../lib/listing';
import type { ProductView } from '../lib/product-view';
import { getProducts } from './get-products';

/**
 * Featured products for home: GET /products?featured=true&limit=4 (see
 * docs/decisions/web-featured-products.md). A failure is logged and treated as empty.
 */
export async function getFeaturedProducts(
  limit = FEATURED_LIMIT,
  signal?: AbortSignal,
): Promise<ProductView[]> {
  try {
    const page = await getProducts({ featured: 'true', limit, page: 1 }, signal);
    return page.products;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.error('Failed to load featured products', error);
    return [];
  }
}

export const featuredProductsQueryOptions = (limit = FEATURED_LIMIT) =>
  queryOptions({
    queryKey: ['products', 'featured', limit],
    queryFn: ({ signal }) => getFeaturedProducts(limit, signal),
    // Fetched once when home mounts (spec section 4).
    staleTime: Infinity,
  });

export function useFeaturedProducts(limit = FEATURED_LIMIT) {
  return useQuery(featuredProductsQueryOptions(limit));
}
