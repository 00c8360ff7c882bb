import { lazy, Suspense, useEffect, useState } from 'react';
import { formatRating, reviewMessages } from '@store/contracts/review-rules';
import { Button } from '@store/ui/button';
import { RatingStars } from '@/components/rating-stars';
import { formatLongDate } from '@/lib/format-date';
import { useSession } from '@/state/session/use-session';
import { useProductReviews } from '../api/reviews';

// the form, its validation and react-hook-form: only for a signed-in shopper, in a chunk of its own
const WriteReview = lazy(() => import('./write-review'));

export interface ReviewsSectionProps {
  productId: string;
  /** the product's published average and count (null: none yet) */
  rating: { average: number; count: number } | null;
}

/** The product page's Reviews: the average and count, the published reviews, Write a review. */
export function ReviewsSection({ productId, rating }: ReviewsSectionProps) {
  const reviews = useProductReviews(productId);
  const { isLoggedIn } = useSession();
  // the session is the browser's: asked only after hydration, as the server drew the page without it
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const list = reviews.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-16 grid gap-6">
      <h2 id="reviews-heading" className="text-2xl font-semibold sm:text-3xl">
        Reviews
      </h2>
      {rating && rating.count > 0 ? (
        <p className="flex items-center gap-3">
          <RatingStars average={rating.average} count={rating.count} className="text-2xl" />
          <span aria-hidden="true" className="text-lg font-semibold">
            {formatRating(rating.average)} out of 5 · {rating.count}{' '}
            {rating.count === 1 ? 'review' : 'reviews'}
          </span>
        </p>
      ) : null}
      {reviews.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading reviews...
        </p>
      ) : list.length === 0 ? (
        <p className="text-muted-foreground">{reviewMessages.noReviews}</p>
      ) : (
        <ul className="grid gap-4" aria-label="Shoppers' reviews">
          {list.map((review) => (
            <li key={review.id} className="rounded-xl border border-border bg-card p-5">
              <article aria-label={review.title} className="grid gap-1">
                <RatingStars average={review.rating} className="text-lg" />
                <h3 className="font-semibold">{review.title}</h3>
                <p className="whitespace-pre-line text-muted-foreground">{review.text}</p>
                <p className="text-sm text-muted-foreground">
                  {review.author} · {formatLongDate(review.createdAt)}
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
      {reviews.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={reviews.isFetchingNextPage}
          onClick={() => void reviews.fetchNextPage()}
        >
          {reviews.isFetchingNextPage ? 'Loading...' : 'Load more reviews'}
        </Button>
      )}
      {hydrated && isLoggedIn && (
        <Suspense fallback={null}>
          <WriteReview productId={productId} />
        </Suspense>
      )}
    </section>
  );
}
