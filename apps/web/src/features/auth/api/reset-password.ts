import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody, ResetPasswordResponse } from '@store/contracts/users';
import { apiRequest } from '@/lib/api-client';

/** POST /users/reset-password: sets the new password with the e-mailed token (single use). */
export function resetPassword(body: ResetPasswordBody): Promise<ResetPasswordResponse> {
  return apiRequest<ResetPasswordResponse>('/users/reset-password', { method: 'POST', body });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
