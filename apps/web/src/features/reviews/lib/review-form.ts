import { z } from 'zod';
import { createReviewBodySchema } from '@store/contracts/reviews';

/** Write a review's form: the API's rules, the stars read from the radio group's string. */
export const reviewFormSchema = createReviewBodySchema.extend({
  rating: z.preprocess(
    (value) => (value === null || value === undefined || value === '' ? undefined : Number(value)),
    createReviewBodySchema.shape.rating,
  ),
});
export type ReviewFormInput = z.input<typeof reviewFormSchema>;

export const emptyReviewForm: ReviewFormInput = { rating: undefined, title: '', text: '' };
