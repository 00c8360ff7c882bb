import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@store/contracts/users';
import { apiRequest } from '@/lib/api-client';

/** POST /users/register. Registration does not sign in (spec section 4). */
export function register(body: RegisterBody): Promise<unknown> {
  return apiRequest<unknown>('/users/register', { method: 'POST', body });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
