import { useMutation } from '@tanstack/react-query';
import type { CreateOrderBody } from '@store/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** POST /orders; the new order's id comes back in the response. */
export async function createOrder(body: CreateOrderBody): Promise<string> {
  const order = await apiRequest<{ id?: string; data?: { id?: string } } | undefined>('/orders', {
    method: 'POST',
    body,
  });
  const id = order?.id ?? order?.data?.id;
  if (!id) throw new Error('Failed to create order');
  return id;
}

export function useCreateOrderMutation() {
  return useMutation({ mutationFn: createOrder });
}
