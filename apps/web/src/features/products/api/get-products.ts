import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParam } from '@/lib/api-client';
import { loadProductRequests } from './load-requests';

export const productsQueryOptions = (query: Record<string, QueryParam>) =>
  queryOptions({
    queryKey: ['products', 'list', query],
    queryFn: async ({ signal }) => (await loadProductRequests()).getProducts(query, signal),
  });

/** The previous page stays on screen while the next loads, so the grid does not flash. */
export function useProducts(query: Record<string, QueryParam>) {
  return useQuery({ ...productsQueryOptions(query), placeholderData: keepPreviousData });
}
