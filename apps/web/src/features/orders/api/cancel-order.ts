import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@store/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** POST /orders/{id}/cancel: the shopper's own Pending or Processing order; answers the order. */
export function cancelOrder(orderId: string): Promise<Order> {
  return apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST' });
}

/** Cancel order, then My Orders reloads (the order reads Cancelled, its documents may change). */
export function useCancelOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
