import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const ORDER_POLL_INTERVAL_MS = 3000;

/** The order's status code (spec section 3: default 0 when missing). */
export async function getOrderStatus(orderId: string, signal?: AbortSignal): Promise<number> {
  const order = await apiRequest<{ status?: unknown } | { data?: { status?: unknown } }>(
    `/orders/${encodeURIComponent(orderId)}`,
    { signal },
  );
  const record = order && typeof order === 'object' && 'data' in order && order.data ? order.data : order;
  const status = (record as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : 0;
}

/** Polls GET /orders/{id} (Bearer) while the QR screen is open. */
export function useOrderStatusPolling(orderId: string, intervalMs = ORDER_POLL_INTERVAL_MS) {
  return useQuery(
    queryOptions({
      queryKey: ['orders', orderId, 'status'],
      queryFn: ({ signal }) => getOrderStatus(orderId, signal),
      meta: { userScoped: true },
      staleTime: 0,
      retry: false,
      refetchInterval: intervalMs,
      refetchIntervalInBackground: true,
    }),
  );
}
