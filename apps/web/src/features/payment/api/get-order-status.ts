import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderStatus } from '@store/contracts/order-rules';
import type { Order } from '@store/contracts/orders';
import { apiRequest } from '@/lib/api-client';
import { payLinkHeaders } from '@/features/payment/lib/pay-link';

export const ORDER_POLL_INTERVAL_MS = 3000;

/** GET /orders/{id} with the shopper's Bearer token; the response may be wrapped in `data`. */
export async function getOrder(orderId: string, signal?: AbortSignal): Promise<Partial<Order>> {
  const body = await apiRequest<Partial<Order> | { data?: Partial<Order> }>(
    `/orders/${encodeURIComponent(orderId)}`,
    // opened from the shop's payment link: the link shows this order without signing in
    { signal, headers: payLinkHeaders(orderId) },
  );
  return body && typeof body === 'object' && 'data' in body && body.data
    ? body.data
    : (body as Partial<Order>);
}

/** The order's status code (spec section 3: default 0 when missing). */
export const statusOf = (order: Partial<Order>): number =>
  typeof order.status === 'number' ? order.status : 0;

/**
 * Whether a payment awaited on this page has landed: the order went Processing, or (Pay now by
 * UPI for a cash-on-delivery order, already Processing) nothing is left to collect at the door.
 */
export const paidOnline = (order: Partial<Order>): boolean =>
  statusOf(order) === orderStatus.processing && order.codStatus !== 'to_collect';

// The payment page's order summary and the QR screen's polling share one cache entry.
const orderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', orderId, 'payment'],
    queryFn: ({ signal }) => getOrder(orderId, signal),
    meta: { userScoped: true },
    staleTime: 0,
    retry: false,
  });

/** The order being paid, for the amount shown above the form. */
export function useOrderToPay(orderId: string | null) {
  return useQuery({ ...orderQuery(orderId ?? ''), enabled: Boolean(orderId) });
}

/** Polls GET /orders/{id} (Bearer) while the QR screen is open: whether it is paid now. */
export function useOrderStatusPolling(
  orderId: string,
  intervalMs = ORDER_POLL_INTERVAL_MS,
  /** false stops the polling (an expired QR can no longer be paid) */
  active = true,
) {
  return useQuery({
    ...orderQuery(orderId),
    select: paidOnline,
    refetchInterval: active ? intervalMs : false,
    refetchIntervalInBackground: true,
  });
}
