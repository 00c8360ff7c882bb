import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '@store/contracts/products';
import { apiRequest, type QueryParam } from '@/lib/api-client';
import { toProductView, type ProductView } from '../lib/product-view';

export interface ProductPage {
  products: ProductView[];
  total: number;
  /** pages the server will serve (it stops at MAX_RESULT_WINDOW); from total when not sent */
  totalPages?: number;
  /** with a search: the words searched after typo correction, when they differ */
  correctedQuery?: string;
}

/** GET /products; the total comes from pagination.total, or count in older answers (spec section 3). */
export async function getProducts(
  query: Record<string, QueryParam>,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const body = await apiRequest<ProductListResponse & { count?: number }>('/products', {
    query,
    signal,
  });
  const data = Array.isArray(body?.data) ? body.data : [];
  const totalPages = body?.pagination?.totalPages;
  return {
    products: data.map(toProductView),
    total: body?.pagination?.total ?? body?.count ?? data.length,
    totalPages: typeof totalPages === 'number' ? totalPages : undefined,
    correctedQuery: body?.correctedQuery || undefined,
  };
}

export const productsQueryOptions = (query: Record<string, QueryParam>) =>
  queryOptions({
    queryKey: ['products', 'list', query],
    queryFn: ({ signal }) => getProducts(query, signal),
  });

/** The previous page stays on screen while the next loads, so the grid does not flash. */
export function useProducts(query: Record<string, QueryParam>) {
  return useQuery({ ...productsQueryOptions(query), placeholderData: keepPreviousData });
}
