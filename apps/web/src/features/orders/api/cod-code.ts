import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const codCodePath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/cod-code`;

/** POST /orders/{id}/cod-code: the code sent to the phone confirms the cash-on-delivery order. */
export function submitCodCode(input: { orderId: string; code: string }): Promise<void> {
  return apiRequest<void>(codCodePath(input.orderId), {
    method: 'POST',
    body: { code: input.code },
  });
}

/** POST /orders/{id}/cod-code/resend: a new code to the same phone (once a minute, a few in all). */
export function resendCodCode(orderId: string): Promise<{ phone: string }> {
  return apiRequest<{ phone: string }>(`${codCodePath(orderId)}/resend`, { method: 'POST' });
}

/** Either way the order's view changes (confirmed; a new code's times): it is read again. */
export function useCodCodeMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ['orders'] });
  return {
    confirm: useMutation({ mutationFn: submitCodCode, onSettled }),
    resend: useMutation({ mutationFn: resendCodCode, onSettled }),
  };
}
