import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminReviewRow } from '@store/contracts/admin/reviews';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { ReviewsTable } from './reviews-table';

const row = (over: Partial<AdminReviewRow> = {}): AdminReviewRow => ({
  id: '6f1c1f9e-8a43-4f51-9e0d-2f6f7d1d1a01',
  productId: 'p1',
  productTitle: 'A5 Diary',
  rating: 4,
  title: 'Smooth paper',
  text: 'No bleed with a fountain pen.',
  customerName: 'Asha Rao',
  createdAt: '2026-11-24T05:00:00.000Z',
  status: 'pending',
  ...over,
});

describe('Reviews in the back office', () => {
  it('lists reviews with their stars and shopper, filters by status, and publishes one', async () => {
    let status: AdminReviewRow['status'] = 'pending';
    const asked: string[] = [];
    const posted: string[] = [];
    server.use(
      http.get(`${ADMIN_API}/reviews`, ({ request }) => {
        asked.push(new URL(request.url).search);
        const data = [
          row({ status }),
          row({ id: 'r2', title: 'Thin pages', rating: 2, status: 'published' }),
        ];
        return HttpResponse.json({ data, total: 2, page: 1, limit: 20 });
      }),
      http.post(`${ADMIN_API}/reviews/:id/:action`, ({ params }) => {
        posted.push(`${String(params.id)} ${String(params.action)}`);
        status = 'published';
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithProviders(<ReviewsTable />, { route: '/reviews' });
    const table = await screen.findByRole('table', { name: 'Reviews' });
    const first = within(table).getByRole('row', { name: /Smooth paper/ });
    expect(within(first).getByLabelText('4 out of 5 stars')).toBeInTheDocument();
    expect(within(first).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(first).getByText('Pending')).toBeInTheDocument();
    // a published review offers Hide, not Publish
    const second = within(table).getByRole('row', { name: /Thin pages/ });
    expect(within(second).getByRole('button', { name: /^Hide/ })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: /^Publish/ }));
    expect(posted).toEqual(['6f1c1f9e-8a43-4f51-9e0d-2f6f7d1d1a01 publish']);
    // the table is asked again and shows the review as published
    expect(
      await within(first).findByRole('button', { name: /^Hide review “Smooth paper”/ }),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'hidden');
    await waitFor(() => expect(asked.at(-1)).toContain('status=hidden'));
  });
});
