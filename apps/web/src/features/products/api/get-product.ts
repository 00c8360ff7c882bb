import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@store/contracts/products';
import { apiRequest } from '@/lib/api-client';
import { toProductView, type ProductView } from '../lib/product-view';

/** GET /products/{id}; a failure or a missing id gives null (the page shows Product Not Found). */
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
    console.error('Failed to load product', error);
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
