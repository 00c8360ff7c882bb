import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@store/contracts/products';
import { ApiError, apiRequest } from '@/lib/api-client';
import { toProductView, type ProductView } from '../lib/product-view';

/**
 * GET /products/{id}; a failure or a missing id gives null (the page shows Product Not Found). An
 * unknown or unpublished product (404) is an answer, not a fault: it is not logged, or the server
 * render would print a stack for every crawler hit of a removed product.
 */
export async function getProduct(
  id: string | undefined,
  signal?: AbortSignal,
): Promise<ProductView | null> {
  if (!id) return null;
  try {
    const product = await apiRequest<Product>(`/products/${encodeURIComponent(id)}`, { signal });
    return product && typeof product === 'object' && 'id' in product
      ? toProductView(product)
      : null;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (!(error instanceof ApiError && error.status === 404)) {
      console.error('Failed to load product', error);
    }
    return null;
  }
}

export const productQueryOptions = (id: string | undefined) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export function useProduct(id: string | undefined) {
  return useQuery(productQueryOptions(id));
}
