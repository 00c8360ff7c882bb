import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '@store/contracts/products';
import { apiRequest, type QueryValue } from '@/lib/api-client';
import { toProductView, type ProductView } from '../lib/product-view';

export interface ProductPage {
  products: ProductView[];
  total: number;
}

/** GET /products; the total comes from pagination.total, or count in older answers (spec section 3). */
export async function getProducts(
  query: Record<string, QueryValue>,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const body = await apiRequest<ProductListResponse & { count?: number }>('/products', {
    query,
    signal,
  });
  const data = Array.isArray(body?.data) ? body.data : [];
  return {
    products: data.map(toProductView),
    total: body?.pagination?.total ?? body?.count ?? data.length,
  };
}

export const productsQueryOptions = (query: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: ['products', 'list', query],
    queryFn: ({ signal }) => getProducts(query, signal),
  });

export function useProducts(query: Record<string, QueryValue>) {
  return useQuery({ ...productsQueryOptions(query), placeholderData: keepPreviousData });
}
