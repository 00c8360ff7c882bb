import { z } from 'zod';
import { queryInt } from './common';
import { REVIEW_TEXT_MAX, REVIEW_TITLE_MAX, reviewMessages, reviewStatuses } from './review-rules';

export const reviewStatusSchema = z.enum(reviewStatuses);

/** POST /products/{id}/reviews: Write a review. */
export const createReviewBodySchema = z.object({
  rating: z
    .number({ error: reviewMessages.ratingRequired })
    .int(reviewMessages.ratingRequired)
    .min(1, reviewMessages.ratingRequired)
    .max(5, reviewMessages.ratingRequired),
  title: z
    .string()
    .trim()
    .min(1, reviewMessages.titleRequired)
    .max(REVIEW_TITLE_MAX, reviewMessages.titleMax),
  text: z
    .string()
    .trim()
    .min(1, reviewMessages.textRequired)
    .max(REVIEW_TEXT_MAX, reviewMessages.textMax),
});
export type CreateReviewBody = z.infer<typeof createReviewBodySchema>;

/** A published review as shoppers see it: the reviewer's first name and last initial only. */
export const publicReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  author: z.string(),
  createdAt: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** GET /products/{id}/reviews?page= : published, newest first. */
export const reviewListQuerySchema = z.object({ page: queryInt(1, 10_000, 1) });
export const reviewListSchema = z.object({
  data: z.array(publicReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

/**
 * GET /products/{id}/reviews/mine: may the signed-in shopper write a review (a Delivered line of
 * the product, none written yet), and the one they wrote with its status.
 */
export const myReviewSchema = z.object({
  canReview: z.boolean(),
  review: publicReviewSchema.extend({ status: reviewStatusSchema }).nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;
