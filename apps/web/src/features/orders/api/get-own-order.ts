import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toOrderView, type OrderInput } from '../lib/order-view';

/**
 * GET /orders/{id} with the shopper's Bearer token: one of their own orders (another shopper's
 * is a 404 without its email or phone). The response may be wrapped in `data`.
 */
export async function getOwnOrder(orderId: string, signal?: AbortSignal) {
  const body = await apiRequest<OrderInput | { data?: OrderInput }>(
    `/orders/${encodeURIComponent(orderId)}`,
    { signal },
  );
  const order = body && 'data' in body && body.data ? body.data : (body as OrderInput);
  return toOrderView(order);
}

export const ownOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', orderId, 'view'],
    queryFn: ({ signal }) => getOwnOrder(orderId, signal),
    meta: { userScoped: true },
    retry: false,
  });

/** The order a signed-in shopper has just placed; nothing is asked without an id or a session. */
export function useOwnOrderQuery(orderId: string | null, signedIn: boolean) {
  return useQuery({
    ...ownOrderQueryOptions(orderId ?? ''),
    enabled: Boolean(orderId) && signedIn,
  });
}
