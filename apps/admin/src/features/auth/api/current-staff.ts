import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentStaff } from '@store/contracts/admin/common';
import { adminRequest } from '@/lib/api-client';

/**
 * GET /admin/session: who is signed in and what this server offers the back office (the demo
 * outbox). The server's settings change only with a restart, so it is asked once per tab.
 */
export const currentStaffQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'session'],
    queryFn: ({ signal }) => adminRequest<CurrentStaff>('/session', { signal }),
    staleTime: Infinity,
  });

export const useCurrentStaff = () => useQuery(currentStaffQueryOptions());
