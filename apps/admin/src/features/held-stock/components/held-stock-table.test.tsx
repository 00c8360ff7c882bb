import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { HeldStockResponse } from '@store/contracts/admin/held-stock';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { HeldStockTable } from './held-stock-table';

const held: HeldStockResponse = {
  maxOpenOrders: 3,
  maxHeldUnits: 20,
  holders: [
    {
      userId: '5f0c7d2e-1111-4a6b-9c1d-2e3f4a5b6c7d',
      email: 'ravi@example.in',
      name: 'Ravi Kumar',
      units: 32,
      nextLapseAt: '2026-11-24T10:30:00.000Z',
      orders: [
        {
          id: 'K7M2QX9P4A',
          kind: 'unpaid',
          createdAt: '2026-11-24T10:00:00.000Z',
          lapsesAt: '2026-11-24T10:30:00.000Z',
          totalPaise: 59800,
        },
        {
          id: 'B3N8RT5W2C',
          kind: 'cod_unconfirmed',
          createdAt: '2026-11-23T09:00:00.000Z',
          lapsesAt: '2026-11-25T09:00:00.000Z',
          totalPaise: 480000,
        },
      ],
      products: [
        { productId: '0b7f6a52-7f0e-4b53-9a43-1b9fd2c7a001', title: 'Spiral Notebook', units: 20 },
        { productId: '0b7f6a52-7f0e-4b53-9a43-1b9fd2c7a002', title: 'Gel Pen', units: 12 },
      ],
    },
  ],
};

describe('Held stock', () => {
  it('lists each shopper with links to them and their orders, the units held and when each lapses', async () => {
    server.use(http.get(`${ADMIN_API}/held-stock`, () => HttpResponse.json(held)));
    renderWithProviders(<HeldStockTable />, { route: '/held-stock' });
    const table = await screen.findByRole('table', { name: 'Held stock' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute(
      'href',
      '/customers/5f0c7d2e-1111-4a6b-9c1d-2e3f4a5b6c7d',
    );
    expect(within(row!).getByRole('link', { name: 'K7M2QX9P4A' })).toHaveAttribute(
      'href',
      '/orders/K7M2QX9P4A',
    );
    expect(row).toHaveTextContent('Waiting for payment · ₹598.00 · lapses 24 Nov 2026, 4:00 pm');
    expect(row).toHaveTextContent(
      'Cash on delivery, not confirmed · ₹4,800.00 · lapses 25 Nov 2026, 2:30 pm',
    );
    expect(row).toHaveTextContent('20 × Spiral Notebook');
    expect(row).toHaveTextContent('12 × Gel Pen');
    expect(screen.getByText(/at most 3 orders waiting for payment/)).toHaveTextContent(
      'at most 20 units of one product',
    );
  });

  it('says when nobody holds stock', async () => {
    server.use(
      http.get(`${ADMIN_API}/held-stock`, () => HttpResponse.json({ ...held, holders: [] })),
    );
    renderWithProviders(<HeldStockTable />, { route: '/held-stock' });
    expect(await screen.findByText('No shopper is holding stock without paying.')).toBeVisible();
  });
});
