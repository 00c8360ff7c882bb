import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toOrderView, type OrderInput } from '../lib/order-view';

/** GET /orders/{id}?contactInfo= : a visitor proves the order is theirs with its email or phone. */
export async function trackOrder({
  orderId,
  contactInfo,
}: {
  orderId: string;
  contactInfo: string;
}) {
  const order = await apiRequest<OrderInput>(`/orders/${encodeURIComponent(orderId)}`, {
    query: { contactInfo },
  });
  return toOrderView(order);
}

/** A mutation because the lookup runs on demand when the form is submitted. */
export function useTrackOrderMutation() {
  return useMutation({ mutationFn: trackOrder });
}
