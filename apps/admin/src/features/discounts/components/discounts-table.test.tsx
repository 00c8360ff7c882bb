import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminDiscount } from '@store/contracts/admin/discounts';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { EditDiscount } from './discount-editor';
import { DiscountsTable } from './discounts-table';

const discount = (over: Partial<AdminDiscount> = {}): AdminDiscount => ({
  id: 'd1',
  code: 'DIWALI10',
  name: '',
  description: '10% off on orders of ₹999 or more',
  kind: 'percentage',
  percent: 10,
  amountPaise: null,
  buyQuantity: null,
  getQuantity: null,
  appliesTo: 'all',
  categories: [],
  products: [],
  minOrderPaise: 99_900,
  startsAt: '2026-10-31T18:30:00.000Z',
  endsAt: null,
  usageLimit: 10,
  perCustomerLimit: 1,
  active: true,
  used: 3,
  status: 'active',
  createdAt: '2026-10-30T00:00:00.000Z',
  updatedAt: '2026-10-30T00:00:00.000Z',
  ...over,
});

describe('the Discounts table', () => {
  it('lists codes and automatic offers with their rule, uses and status', async () => {
    server.use(
      http.get(`${ADMIN_API}/discounts`, () =>
        HttpResponse.json({
          data: [
            discount(),
            discount({
              id: 'd2',
              code: null,
              kind: 'buy_x_get_y',
              description: 'Buy 2 get 1 free on selected items',
              appliesTo: 'categories',
              categories: [{ id: 'c1', name: 'Pens' }],
              usageLimit: null,
              used: 12,
              status: 'scheduled',
            }),
          ],
          total: 2,
          page: 1,
          limit: 20,
        }),
      ),
    );
    renderWithProviders(<DiscountsTable />, { route: '/discounts' });
    const table = await screen.findByRole('table', { name: 'Discounts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'DIWALI10' })).toHaveAttribute(
      'href',
      '/discounts/d1',
    );
    expect(rows[0]).toHaveTextContent('10% off on orders of ₹999 or more');
    expect(rows[0]).toHaveTextContent('3 of 10');
    expect(rows[0]).toHaveTextContent('Active');
    expect(within(rows[1]!).getByRole('link', { name: 'Automatic offer' })).toBeVisible();
    expect(rows[1]).toHaveTextContent('Buy X get Y');
    expect(rows[1]).toHaveTextContent('Pens');
    expect(rows[1]).toHaveTextContent('Scheduled');
  });
});

describe('a discount’s page', () => {
  it('deactivates it and shows it inactive', async () => {
    let current = discount();
    server.use(
      http.get(`${ADMIN_API}/discounts/d1`, () => HttpResponse.json(current)),
      http.get(`${ADMIN_API}/categories`, () => HttpResponse.json({ data: [] })),
      http.patch(`${ADMIN_API}/discounts/d1`, async ({ request }) => {
        const { active } = (await request.json()) as { active: boolean };
        current = discount({ active, status: active ? 'active' : 'inactive', updatedAt: 'later' });
        return HttpResponse.json(current);
      }),
    );
    renderWithProviders(<EditDiscount id="d1" />, { route: '/discounts/d1' });
    expect(await screen.findByText('Used by 3 orders of 10')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeVisible();
    expect(screen.getByText('Inactive')).toBeVisible();
    expect(screen.getByLabelText('Active')).not.toBeChecked();
  });
});
