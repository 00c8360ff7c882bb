import { useMutation } from '@tanstack/react-query';
import type { CreateOrderBody } from '@store/contracts/orders';
import { orderStatus } from '@store/contracts/order-rules';
import { apiRequest } from '@/lib/api-client';

export interface CreateOrderRequest {
  body: CreateOrderBody;
  /** one per checkout attempt, the same on a retry of it (lib/idempotency.ts) */
  idempotencyKey: string;
}

export interface PlacedOrder {
  id: string;
  /** Pending (the payment page next); false when its discounts covered everything (confirmed) */
  needsPayment: boolean;
}

type OrderAnswer = { id?: string; status?: number } | undefined;

/** POST /orders; the new order's id (and whether it waits for payment) comes back in the response. */
export async function createOrder({
  body,
  idempotencyKey,
}: CreateOrderRequest): Promise<PlacedOrder> {
  const order = await apiRequest<(OrderAnswer & { data?: OrderAnswer }) | undefined>('/orders', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  const placed = order?.id ? order : order?.data;
  if (!placed?.id) throw new Error('Failed to create order');
  // status is absent on a bare answer (spec section 3: default 0, Pending)
  return {
    id: placed.id,
    needsPayment: (placed.status ?? orderStatus.pending) === orderStatus.pending,
  };
}

export function useCreateOrderMutation() {
  return useMutation({ mutationFn: createOrder });
}
