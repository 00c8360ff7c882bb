import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParam } from '@/lib/api-client';
import { loadProductRequests } from './load-requests';

/** GET /products/facets (requests.ts `getProductFacets`): every filter's counts. */
export const productFacetsQueryOptions = (query: Record<string, QueryParam>) =>
  queryOptions({
    queryKey: ['products', 'facets', query],
    queryFn: async ({ signal }) => (await loadProductRequests()).getProductFacets(query, signal),
    // counts change with the catalogue, not while a shopper looks; a filter change is a new key
    staleTime: 5 * 60_000,
  });

/** The previous counts stay while the next load, so the panel does not collapse between choices. */
export function useProductFacets(query: Record<string, QueryParam>) {
  return useQuery({ ...productFacetsQueryOptions(query), placeholderData: keepPreviousData });
}
