import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { reviewMessages } from '@store/contracts/review-rules';
import { ApiError } from '@store/contracts/api-errors';
import { Button } from '@store/ui/button';
import { cn } from '@store/ui/cn';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { Textarea } from '@store/ui/textarea';
import { useZodForm } from '@/lib/use-zod-form';
import { useCreateReview, useMyReview } from '../api/reviews';
import { emptyReviewForm, reviewFormSchema } from '../lib/review-form';

const STAR_VALUES = [1, 2, 3, 4, 5] as const;

function Thanks() {
  return (
    <p role="status" className="rounded-xl border border-border bg-card p-5">
      {reviewMessages.thanks}
    </p>
  );
}

/** The form itself: stars as a radio group (arrow keys move between them), a title, the text. */
export function WriteReviewForm({ productId }: { productId: string }) {
  const form = useZodForm(reviewFormSchema, { defaultValues: emptyReviewForm });
  const create = useCreateReview(productId);
  const rating = Number(useWatch({ control: form.control, name: 'rating' }) ?? 0);
  const starsError = form.formState.errors.rating?.message;
  const headingId = useId();
  const starsErrorId = useId();

  if (create.isSuccess) return <Thanks />;

  const refusal =
    create.error instanceof ApiError
      ? create.error.message
      : create.error
        ? 'Your review could not be sent. Please try again.'
        : null;

  return (
    <form
      method="post"
      aria-labelledby={headingId}
      className="grid gap-4 rounded-xl border border-border bg-card p-5"
      onSubmit={form.handleSubmit((body) => create.mutate(body))}
    >
      <h3 id={headingId} className="text-lg font-semibold">
        Write a review
      </h3>
      <fieldset aria-describedby={starsError ? starsErrorId : undefined}>
        <legend className="mb-1 text-sm font-medium">Your rating</legend>
        <div className="flex gap-1">
          {STAR_VALUES.map((value) => (
            <label key={value} className="cursor-pointer">
              <input
                type="radio"
                value={value}
                className="peer sr-only"
                {...form.register('rating')}
              />
              <span
                aria-hidden="true"
                className={cn(
                  'text-3xl leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                  value <= rating ? 'text-amber-500' : 'text-muted-foreground/40',
                )}
              >
                ★
              </span>
              <span className="sr-only">{value === 1 ? '1 star' : `${value} stars`}</span>
            </label>
          ))}
        </div>
        {starsError && (
          <p id={starsErrorId} className="mt-1 text-sm text-destructive">
            {starsError}
          </p>
        )}
      </fieldset>
      <HookFormField form={form} name="title" id={`${headingId}-title`} label="Title">
        {(control) => <Input maxLength={120} {...control} />}
      </HookFormField>
      <HookFormField form={form} name="text" id={`${headingId}-text`} label="Your review">
        {(control) => <Textarea rows={5} maxLength={2000} {...control} />}
      </HookFormField>
      {refusal && (
        <p role="alert" className="text-sm text-destructive">
          {refusal}
        </p>
      )}
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        {create.isPending ? 'Sending...' : 'Submit review'}
      </Button>
    </form>
  );
}

/**
 * Write a review, for a signed-in shopper who may (a Delivered line of the product, none written):
 * the form; after it, or for a review still waiting, the thanks; otherwise nothing.
 */
export default function WriteReview({ productId }: { productId: string }) {
  const mine = useMyReview(productId);
  if (!mine.data) return null;
  if (mine.data.review) return mine.data.review.status === 'pending' ? <Thanks /> : null;
  return mine.data.canReview ? <WriteReviewForm productId={productId} /> : null;
}
