import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@store/contracts/admin/people';
import { adminRequest } from '@/lib/api-client';

/** GET /admin/dashboard: sales for today, 7 and 30 days, daily revenue, and the work lists. */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => adminRequest<Dashboard>('/dashboard', { signal }),
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
