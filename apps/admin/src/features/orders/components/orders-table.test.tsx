import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { adminOrderListSchema } from '@store/contracts/admin/orders';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { OrdersTable } from './orders-table';

const page = (total = 45): z.infer<typeof adminOrderListSchema> => ({
  data: [
    {
      id: 'A1B2C3D4E5',
      createdAt: '2026-11-20T10:00:00.000Z',
      customerName: 'Asha Rao',
      contactEmail: 'asha@example.com',
      contactPhone: '9876543210',
      itemCount: 3,
      totalPaise: 123450,
      payment: 'paid',
      status: 1,
    },
  ],
  total,
  page: 2,
  limit: 20,
});

describe('Orders table', () => {
  it('asks the API for the filters and page in the URL, and shows them', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${ADMIN_API}/orders`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(page());
      }),
    );
    renderWithProviders(<OrdersTable />, {
      route: '/orders?q=asha&status=processing&from=2026-11-01&to=2026-11-30&page=2',
    });
    // the order number whole, as the shopper's e-mail and My Orders show it
    expect(await screen.findByRole('link', { name: 'A1B2C3D4E5' })).toHaveAttribute(
      'href',
      '/orders/A1B2C3D4E5',
    );
    expect(Object.fromEntries(asked[0]!)).toEqual({
      q: 'asha',
      status: 'processing',
      from: '2026-11-01',
      to: '2026-11-30',
      page: '2',
      limit: '20',
    });
    expect(screen.getByLabelText('Search orders')).toHaveValue('asha');
    expect(screen.getByLabelText('Status')).toHaveValue('processing');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByText('₹1,234.50')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Processing' })).toBeInTheDocument();
    expect(screen.getByText('21–40 of 45')).toBeInTheDocument();
    for (const name of ['Order', 'Placed', 'Customer', 'Items', 'Total', 'Payment', 'Status'])
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
  });

  it('a new filter goes into the URL and back to page 1; Next goes to the next page', async () => {
    server.use(http.get(`${ADMIN_API}/orders`, () => HttpResponse.json(page())));
    const user = userEvent.setup();
    renderWithProviders(<OrdersTable />, { route: '/orders?page=2' });
    await screen.findByText('Asha Rao');
    await user.selectOptions(screen.getByLabelText('Status'), 'shipped');
    expect(screen.getByTestId('location')).toHaveTextContent('/orders?status=shipped');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/orders?status=shipped&page=3');
  });

  it('drops a bad value from a hand-edited URL and keeps the others', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${ADMIN_API}/orders`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(page(1));
      }),
    );
    renderWithProviders(<OrdersTable />, { route: '/orders?status=lost&q=9876543210' });
    await screen.findByText('Asha Rao');
    expect(asked[0]!.get('status')).toBeNull();
    expect(asked[0]!.get('q')).toBe('9876543210');
  });
});
