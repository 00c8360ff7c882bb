import { useMutation } from '@tanstack/react-query';
import type { CreateOrderBody } from '@store/contracts/orders';
import { apiRequest } from '@/lib/api-client';

export interface CreateOrderRequest {
  body: CreateOrderBody;
  /** one per checkout attempt, the same on a retry of it (lib/idempotency.ts) */
  idempotencyKey: string;
}

/** POST /orders; the new order's id comes back in the response. */
export async function createOrder({ body, idempotencyKey }: CreateOrderRequest): Promise<string> {
  const order = await apiRequest<{ id?: string; data?: { id?: string } } | undefined>('/orders', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  const id = order?.id ?? order?.data?.id;
  if (!id) throw new Error('Failed to create order');
  return id;
}

export function useCreateOrderMutation() {
  return useMutation({ mutationFn: createOrder });
}
