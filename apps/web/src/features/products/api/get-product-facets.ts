import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductFacets } from '@store/contracts/products';
import { apiRequest, type QueryParam } from '@/lib/api-client';

/**
 * GET /products/facets: one call gives every filter's counts and the parent-category chips. The
 * answer is read as the contract types it, without parsing (no zod on the storefront's path).
 */
export function getProductFacets(
  query: Record<string, QueryParam>,
  signal?: AbortSignal,
): Promise<ProductFacets> {
  return apiRequest<ProductFacets>('/products/facets', { query, signal });
}

export const productFacetsQueryOptions = (query: Record<string, QueryParam>) =>
  queryOptions({
    queryKey: ['products', 'facets', query],
    queryFn: ({ signal }) => getProductFacets(query, signal),
    // counts change with the catalogue, not while a shopper looks; a filter change is a new key
    staleTime: 5 * 60_000,
  });

/** The previous counts stay while the next load, so the panel does not collapse between choices. */
export function useProductFacets(query: Record<string, QueryParam>) {
  return useQuery({ ...productFacetsQueryOptions(query), placeholderData: keepPreviousData });
}
