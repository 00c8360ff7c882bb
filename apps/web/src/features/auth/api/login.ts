import { useMutation } from '@tanstack/react-query';
import type { LoginBody, TokenResponse } from '@store/contracts/users';
import { apiRequest } from '@/lib/api-client';

export const TOKEN_MISSING_MESSAGE = 'Authentication failed: Token is missing in the response';

/** POST /users/authorize; a response without a token is a failure (spec section 5). */
export async function login({
  email,
  password,
}: Pick<LoginBody, 'email' | 'password'>): Promise<string> {
  const response = await apiRequest<Partial<TokenResponse> | undefined>('/users/authorize', {
    method: 'POST',
    body: { email, password },
  });
  if (!response?.token) throw new Error(TOKEN_MISSING_MESSAGE);
  return response.token;
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
