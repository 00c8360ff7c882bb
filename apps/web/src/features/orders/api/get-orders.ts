import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toOrderView, type OrderInput } from '../lib/order-view';

export async function getOrders(signal?: AbortSignal) {
  const orders = await apiRequest<OrderInput[] | { data?: OrderInput[] }>('/orders', { signal });
  const list = Array.isArray(orders) ? orders : (orders?.data ?? []);
  return list.map(toOrderView);
}

export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: ['orders'],
    queryFn: ({ signal }) => getOrders(signal),
    meta: { userScoped: true },
    retry: false,
  });

export function useOrdersQuery() {
  return useQuery(ordersQueryOptions());
}
