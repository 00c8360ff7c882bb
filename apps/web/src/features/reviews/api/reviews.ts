import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CreateReviewBody, MyReview, ReviewList } from '@store/contracts/reviews';
import { apiRequest } from '@/lib/api-client';
import { USER_SCOPED_META } from '@/state/session/user-scoped';

const reviewsPath = (productId: string) => `/products/${encodeURIComponent(productId)}/reviews`;

/** GET /products/{id}/reviews?page= : published reviews, newest first, a page at a time ("Load more"). */
export function useProductReviews(productId: string) {
  return useInfiniteQuery({
    queryKey: ['products', 'reviews', productId],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ReviewList>(reviewsPath(productId), { query: { page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
}

/** GET /products/{id}/reviews/mine: may the signed-in shopper review it, and what they wrote. */
export const myReviewQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['account', 'review', productId],
    queryFn: ({ signal }) => apiRequest<MyReview>(`${reviewsPath(productId)}/mine`, { signal }),
    meta: USER_SCOPED_META,
  });
export const useMyReview = (productId: string) => useQuery(myReviewQueryOptions(productId));

/** POST /products/{id}/reviews: Write a review; the answer is the shopper's review, pending. */
export function useCreateReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) =>
      apiRequest<MyReview>(reviewsPath(productId), { method: 'POST', body }),
    onSuccess: (mine) => queryClient.setQueryData(myReviewQueryOptions(productId).queryKey, mine),
  });
}
