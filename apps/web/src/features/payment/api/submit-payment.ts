import { useMutation } from '@tanstack/react-query';
import type { PaymentResponse, PaymentSubmitBody } from '@store/contracts/payments';
import { apiRequest } from '@/lib/api-client';

export function submitPayment(body: PaymentSubmitBody): Promise<PaymentResponse> {
  return apiRequest<PaymentResponse>('/payments', { method: 'POST', body });
}

export function useSubmitPaymentMutation() {
  return useMutation({ mutationFn: submitPayment });
}
