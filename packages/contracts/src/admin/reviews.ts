import { z } from 'zod';
import { reviewStatuses } from '../review-rules';
import { reviewStatusSchema } from '../reviews';
import { adminPageQuery, pageOf } from './common';

/** GET /admin/reviews?status=&page=&limit= : newest first */
export const adminReviewListQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(reviewStatuses, { error: `Expected one of ${reviewStatuses.join(', ')}` }).optional(),
  ),
  ...adminPageQuery,
});
export type AdminReviewListQuery = z.output<typeof adminReviewListQuerySchema>;

/** One row of the Reviews table: status, product, stars, title and text, shopper, date. */
export const adminReviewRowSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  customerName: z.string(),
  createdAt: z.string(),
  status: reviewStatusSchema,
});
export type AdminReviewRow = z.infer<typeof adminReviewRowSchema>;
export const adminReviewListSchema = pageOf(adminReviewRowSchema);

/** POST /admin/reviews/{id}/publish | /hide */
export const reviewModerations = ['publish', 'hide'] as const;
export type ReviewModeration = (typeof reviewModerations)[number];
