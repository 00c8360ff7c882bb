import { useMutation } from '@tanstack/react-query';
import type { PaymentResponse, PaymentSubmitBody } from '@store/contracts/payments';
import { apiRequest } from '@/lib/api-client';
import { payLinkHeaders } from '@/features/payment/lib/pay-link';

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
    // opened from the shop's payment link: the link pays this order without signing in
    headers: { 'Idempotency-Key': idempotencyKey, ...payLinkHeaders(body.orderId) },
  });
}

export function useSubmitPaymentMutation() {
  return useMutation({ mutationFn: submitPayment });
}
