import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminReturnList } from '../api/returns';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { ReturnsTable } from './returns-table';

const page = (over: Partial<AdminReturnList> = {}): AdminReturnList => ({
  data: [
    {
      id: 'RET7K2M9QX',
      orderId: 'A1B2C3D4E5',
      createdAt: '2026-11-25T04:30:00.000Z',
      customerName: 'Asha Rao',
      contactEmail: 'asha@example.com',
      itemCount: 2,
      valuePaise: 64_900,
      status: 'approved',
    },
  ],
  total: 25,
  page: 1,
  limit: 20,
  ...over,
});

describe('Returns table', () => {
  it('shows each return with links to it and its order, the customer, value and state; pages in the URL', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${ADMIN_API}/returns`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query.toString());
        return HttpResponse.json(page({ page: Number(query.get('page') ?? 1) }));
      }),
    );
    renderWithProviders(<ReturnsTable />, { route: '/returns?status=approved' });
    const table = await screen.findByRole('table', { name: 'Returns' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByRole('link', { name: 'RET7K2M9QX' })).toHaveAttribute(
      'href',
      '/returns/RET7K2M9QX',
    );
    expect(within(row!).getByRole('link', { name: 'A1B2C3D4E5' })).toHaveAttribute(
      'href',
      '/orders/A1B2C3D4E5',
    );
    expect(row).toHaveTextContent('25 Nov 2026, 10:00 am');
    expect(row).toHaveTextContent('Asha Raoasha@example.com');
    expect(row).toHaveTextContent('₹649.00');
    expect(row).toHaveTextContent('Return approved');
    expect(screen.getByText('1–20 of 25')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('21–25 of 25')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/returns?status=approved&page=2');
    expect(asked.at(-1)).toContain('page=2');
  });

  it('says so when no return matches, and shows the API’s refusal', async () => {
    server.use(
      http.get(`${ADMIN_API}/returns`, () => HttpResponse.json(page({ data: [], total: 0 }))),
    );
    const { unmount } = renderWithProviders(<ReturnsTable />, { route: '/returns' });
    expect(await screen.findByText('No return requests match this filter.')).toBeInTheDocument();
    unmount();
    server.use(
      http.get(`${ADMIN_API}/returns`, () =>
        HttpResponse.json({ error: 'Not allowed', code: 'forbidden' }, { status: 403 }),
      ),
    );
    renderWithProviders(<ReturnsTable />, { route: '/returns' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed');
  });
});
