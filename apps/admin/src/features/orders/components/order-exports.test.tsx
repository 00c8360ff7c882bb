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

  it('downloads GSTR-1 of the chosen month as the portal’s JSON', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${ADMIN_API}/reports/gstr1.json`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(
          { gstin: '19AAGCK4821L1Z7', fp: '102026' },
          {
            headers: {
              'content-disposition': 'attachment; filename="gstr1-19AAGCK4821L1Z7-2026-10.json"',
            },
          },
        );
      }),
    );
    renderWithProviders(<OrderExports query={{ from: '2026-11-03' }} />);
    const user = userEvent.setup();
    const month = screen.getByLabelText('GSTR-1 month');
    // the month of the start date above, until the owner picks another
    expect(month).toHaveValue('2026-11');
    await user.clear(month);
    await user.type(month, '2026-10');
    await user.click(screen.getByRole('button', { name: 'GSTR-1 (JSON)' }));
    expect(await screen.findByText('Downloaded gstr1-19AAGCK4821L1Z7-2026-10.json')).toBeVisible();
    expect(Object.fromEntries(asked[0]!)).toEqual({ month: '2026-10' });
  });

  it('says why GSTR-1 was refused', async () => {
    server.use(
      http.get(`${ADMIN_API}/reports/gstr1.csv`, () =>
        HttpResponse.json(
          {
            error:
              'The store has no GSTIN in its settings: a shop that is not registered for GST files no GSTR-1',
            code: 'conflict',
          },
          { status: 409 },
        ),
      ),
    );
    renderWithProviders(<OrderExports query={{}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'GSTR-1 (CSV)' }));
    expect(await screen.findByText(/files no GSTR-1/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'GSTR-1 (CSV)' })).toBeEnabled();
  });
});
