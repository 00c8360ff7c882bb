// Review rules shared by the server, the storefront's cards and the back office. Plain module, no
// zod: the product cards import the stars' label into the first view's chunks.

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MAX = 2000;
/** published reviews a page of GET /products/{id}/reviews holds */
export const REVIEW_PAGE_SIZE = 10;

/** pending (waiting for the shop), published (shown), hidden (taken down by the shop) */
export const reviewStatuses = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const reviewStatusLabels: Record<ReviewStatus, string> = {
  pending: 'Pending',
  published: 'Published',
  hidden: 'Hidden',
};

/** 4.456 → "4.5", 4 → "4": one decimal, none when whole. */
export const formatRating = (average: number) =>
  (Math.round(average * 10) / 10).toFixed(1).replace(/\.0$/, '');

/** "Rated 4.5 out of 5, 12 reviews" (one review: "1 review"); one review's own stars: "Rated 4 out of 5". */
export function ratingLabel(average: number, count?: number): string {
  const rated = `Rated ${formatRating(average)} out of 5`;
  return count === undefined ? rated : `${rated}, ${count} ${count === 1 ? 'review' : 'reviews'}`;
}

export const reviewMessages = {
  signIn: 'Sign in to write a review',
  notBought: 'You can review a product once it has been delivered to you',
  alreadyReviewed: 'You have already reviewed this product',
  ratingRequired: 'Choose from 1 to 5 stars',
  titleRequired: 'Enter a title',
  titleMax: `Title must be at most ${REVIEW_TITLE_MAX} characters`,
  textRequired: 'Tell other shoppers what you think',
  textMax: `Review must be at most ${REVIEW_TEXT_MAX} characters`,
  thanks: 'Thanks! Your review will appear once the shop has checked it.',
  noReviews: 'No reviews yet.',
  notFound: 'Review not found',
} as const;
