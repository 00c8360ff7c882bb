import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  adminActivityListSchema,
  adminActivityQuerySchema,
} from '@store/contracts/admin/people';
import { adminRequest } from '@/lib/api-client';

export type ActivityList = z.infer<typeof adminActivityListSchema>;
export type ActivityQuery = z.output<typeof adminActivityQuerySchema>;

/** GET /admin/activity: the log, newest first, by person and kind, paged in SQL. */
export const activityQueryOptions = (query: ActivityQuery) =>
  queryOptions({
    queryKey: ['admin', 'activity', query],
    queryFn: ({ signal }) => adminRequest<ActivityList>('/activity', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useActivity = (query: ActivityQuery) => useQuery(activityQueryOptions(query));
