import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminReviewListQuery,
  adminReviewListSchema,
  ReviewModeration,
} from '@store/contracts/admin/reviews';
import { useAdminMutation } from '@/lib/admin-mutation';
import { adminRequest } from '@/lib/api-client';

export type AdminReviewList = z.infer<typeof adminReviewListSchema>;

/** GET /admin/reviews: one page of the Reviews table. */
export const reviewsQueryOptions = (query: AdminReviewListQuery) =>
  queryOptions({
    queryKey: ['admin', 'reviews', query],
    queryFn: ({ signal }) => adminRequest<AdminReviewList>('/reviews', { query, signal }),
    placeholderData: keepPreviousData,
  });
export const useReviews = (query: AdminReviewListQuery) => useQuery(reviewsQueryOptions(query));

/** POST /admin/reviews/:id/publish | hide */
export const useModerateReview = () =>
  useAdminMutation(({ id, action }: { id: string; action: ReviewModeration }) =>
    adminRequest<null>(`/reviews/${encodeURIComponent(id)}/${action}`, {
      method: 'POST',
      body: {},
    }),
  );
