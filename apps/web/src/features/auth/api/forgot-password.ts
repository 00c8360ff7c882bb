import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, ForgotPasswordResponse } from '@store/contracts/users';
import { apiRequest } from '@/lib/api-client';

/** POST /users/forgot-password: the same 202 whether or not the address has an account. */
export function requestPasswordReset(body: ForgotPasswordBody): Promise<ForgotPasswordResponse> {
  return apiRequest<ForgotPasswordResponse>('/users/forgot-password', { method: 'POST', body });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}
