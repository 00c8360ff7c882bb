import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { OrderExports } from './order-exports';

beforeEach(() => {
  // jsdom has no object URLs: the file is handed to a link, which is all a test can see
  URL.createObjectURL = vi.fn(() => 'blob:orders');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('Export', () => {
  it('downloads the orders the filters match, under the server’s file name', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${ADMIN_API}/orders/export.csv`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return new HttpResponse('\uFEFFOrder\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="orders-2026-11-01-to-2026-11-30.csv"',
          },
        });
      }),
    );
    renderWithProviders(
      <OrderExports query={{ status: 'processing', from: '2026-11-01', to: '2026-11-30' }} />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export orders (CSV)' }));
    expect(await screen.findByText('Downloaded orders-2026-11-01-to-2026-11-30.csv')).toBeVisible();
    expect(Object.fromEntries(asked[0]!)).toEqual({
      status: 'processing',
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('says why the GST summary was refused', async () => {
    server.use(
      http.get(`${ADMIN_API}/reports/gst.csv`, () =>
        HttpResponse.json(
          {
            error:
              '25,000 documents were issued then; an export holds at most 20,000: choose a shorter date range',
            code: 'too_many_rows',
          },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<OrderExports query={{}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'GST summary (CSV)' }));
    expect(await screen.findByText(/choose a shorter date range/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'GST summary (CSV)' })).toBeEnabled();
  });
});
