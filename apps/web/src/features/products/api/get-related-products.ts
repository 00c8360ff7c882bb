import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { RELATED_LIMIT } from '@store/contracts/limits';
import type { relatedProductsResponseSchema } from '@store/contracts/products';
import { apiRequest } from '@/lib/api-client';
import type { ProductView } from '../lib/product-view';
import { toProductView } from '../lib/to-product-view';

type RelatedProductsResponse = z.infer<typeof relatedProductsResponseSchema>;

/**
 * GET /products/{id}/related?limit=4: same category first, then similar. A failure is logged and
 * treated as empty (the page simply leaves the section out).
 */
export async function getRelatedProducts(
  id: string,
  limit = RELATED_LIMIT,
  signal?: AbortSignal,
): Promise<ProductView[]> {
  try {
    const body = await apiRequest<RelatedProductsResponse>(
      `/products/${encodeURIComponent(id)}/related`,
      { query: { limit }, signal },
    );
    return (Array.isArray(body?.data) ? body.data : []).map(toProductView);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.error('Failed to load related products', error);
    return [];
  }
}

export const relatedProductsQueryOptions = (id: string, limit = RELATED_LIMIT) =>
  queryOptions({
    queryKey: ['products', 'related', id, limit],
    queryFn: ({ signal }) => getRelatedProducts(id, limit, signal),
    // what sits beside a product hardly moves within a visit
    staleTime: 5 * 60_000,
  });

/** Idle until `enabled` (the section is near the viewport). */
export function useRelatedProducts(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...relatedProductsQueryOptions(id), enabled });
}
