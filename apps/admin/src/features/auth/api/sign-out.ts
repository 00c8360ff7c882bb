import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '@/lib/api-client';
import { clearSession } from '@/state/session';

/** DELETE /admin/session; the session is forgotten here even when the server cannot be reached. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<{ ok: true }>('/session', { method: 'DELETE' }),
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
