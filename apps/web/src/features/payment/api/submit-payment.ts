import { useMutation } from '@tanstack/react-query';
import type { PaymentResponse, PaymentSubmitBody } from '@store/contracts/payments';
import { apiRequest } from '@/lib/api-client';

export interface SubmitPaymentRequest {
  body: PaymentSubmitBody;
  /** one per payment attempt, the same on a retry of it (lib/idempotency.ts) */
  idempotencyKey: string;
}

export function submitPayment({
  body,
  idempotencyKey,
}: SubmitPaymentRequest): Promise<PaymentResponse> {
  return apiRequest<PaymentResponse>('/payments', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useSubmitPaymentMutation() {
  return useMutation({ mutationFn: submitPayment });
}
