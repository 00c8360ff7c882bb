import { useMutation } from '@tanstack/react-query';
import type { StaffLoginBody, StaffSession } from '@store/contracts/admin/common';
import { adminRequest } from '@/lib/api-client';
import { setSession } from '@/state/session';

/** POST /admin/session: a 12-hour staff token, kept for this tab. */
export function signIn(body: StaffLoginBody): Promise<StaffSession> {
  return adminRequest<StaffSession>('/session', { method: 'POST', body });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: (session) => setSession(session) });
}
