import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadProductRequests } from './load-requests';

/** GET /products/{id} (requests.ts `getProduct`): null when missing or failed. */
export const productQueryOptions = (id: string | undefined) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: async ({ signal }) => (await loadProductRequests()).getProduct(id, signal),
  });

export function useProduct(id: string | undefined) {
  return useQuery(productQueryOptions(id));
}
