import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { reviewMessages } from '@store/contracts/review-rules';
import type { MyReview, PublicReview } from '@store/contracts/reviews';
import { setAuthToken } from '@/lib/cookies';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { RatingStars } from '@/components/rating-stars';
import { ReviewsSection } from './reviews-section';

const review = (i: number): PublicReview => ({
  id: `r${i}`,
  rating: 4,
  title: `Review ${i}`,
  text: 'Smooth paper, no bleed.',
  author: 'Asha R.',
  createdAt: '2026-11-24T05:00:00.000Z',
});

function serveReviews(total: number, mine: MyReview | null = null) {
  const posted: unknown[] = [];
  server.use(
    http.get(`${API}/products/:id/reviews`, ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      const from = (page - 1) * 10;
      const data = Array.from({ length: Math.max(0, Math.min(10, total - from)) }, (_, i) =>
        review(from + i + 1),
      );
      return HttpResponse.json({ data, total, page, limit: 10 });
    }),
    http.get(`${API}/products/:id/reviews/mine`, () =>
      mine
        ? HttpResponse.json(mine)
        : HttpResponse.json({ error: 'Please log in', code: 'unauthenticated' }, { status: 401 }),
    ),
    http.post(`${API}/products/:id/reviews`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      return HttpResponse.json(
        { canReview: false, review: { ...review(99), ...body, status: 'pending' } },
        { status: 201 },
      );
    }),
  );
  return posted;
}

describe('stars', () => {
  it('say the average and count in words', () => {
    renderWithProviders(<RatingStars average={4.456} count={12} />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5, 12 reviews' })).toBeInTheDocument();
  });
  it('count one review in the singular', () => {
    renderWithProviders(<RatingStars average={4} count={1} />);
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5, 1 review' })).toBeInTheDocument();
  });
});

describe('the product page’s Reviews', () => {
  it('says so when there are none, and shows no form to a visitor', async () => {
    serveReviews(0);
    renderWithProviders(<ReviewsSection productId="p1" rating={null} />);
    expect(await screen.findByText(reviewMessages.noReviews)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('shows the average, the reviews and loads more', async () => {
    serveReviews(12);
    renderWithProviders(<ReviewsSection productId="p1" rating={{ average: 4, count: 12 }} />);
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5, 12 reviews' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: "Shoppers' reviews" });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getAllByRole('img', { name: 'Rated 4 out of 5' })).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Load more reviews' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12));
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).not.toBeInTheDocument();
  });

  it('lets a shopper who may review pick stars by keyboard, checks the form, and thanks them', async () => {
    setAuthToken('token');
    const posted = serveReviews(0, { canReview: true, review: null });
    renderWithProviders(<ReviewsSection productId="p1" rating={null} />);
    const form = await screen.findByRole('form', { name: 'Write a review' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(await within(form).findByText(reviewMessages.ratingRequired)).toBeInTheDocument();
    expect(within(form).getByText(reviewMessages.titleRequired)).toBeInTheDocument();
    expect(posted).toEqual([]);

    const stars = within(form).getByRole('group', { name: 'Your rating' });
    await user.click(within(stars).getByRole('radio', { name: '3 stars' }));
    // a radio group: the arrow keys move the choice
    await user.keyboard('{ArrowRight}');
    expect(within(stars).getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.type(within(form).getByLabelText('Title'), 'Smooth paper');
    await user.type(within(form).getByLabelText('Your review'), 'No bleed with a fountain pen.');
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText(reviewMessages.thanks)).toBeInTheDocument();
    expect(posted).toEqual([
      { rating: 4, title: 'Smooth paper', text: 'No bleed with a fountain pen.' },
    ]);
  });

  it('shows no form to a shopper who did not receive the product', async () => {
    setAuthToken('token');
    serveReviews(0, { canReview: false, review: null });
    renderWithProviders(<ReviewsSection productId="p1" rating={null} />);
    expect(await screen.findByText(reviewMessages.noReviews)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
  });
});
