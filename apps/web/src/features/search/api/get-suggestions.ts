import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
// type only: the search box's lazy chunk carries no zod
import type { ProductSuggestions } from '@store/contracts/products';
import { apiRequest } from '@/lib/api-client';

/** GET /products/suggest?q=: products, categories and the corrected words for the search box. */
export function getSuggestions(q: string, signal?: AbortSignal): Promise<ProductSuggestions> {
  return apiRequest<ProductSuggestions>('/products/suggest', { query: { q }, signal });
}

export const suggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['products', 'suggest', q],
    queryFn: ({ signal }) => getSuggestions(q, signal),
    staleTime: 5 * 60_000,
  });

/** The last answer stays while the next loads, so the list does not blink on every letter. */
export function useSuggestions(q: string, enabled: boolean) {
  return useQuery({ ...suggestionsQueryOptions(q), enabled, placeholderData: keepPreviousData });
}
