import { screen, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAuthToken } from '@/lib/cookies';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { orderFixture } from '@/features/orders/test/order-fixture';
import { Component as OrdersRoute } from './orders-route';

function renderOrders() {
  return renderWithProviders(<OrdersRoute />, { route: '/orders', path: '/orders' });
}

describe('my orders screen', () => {
  beforeEach(() => setAuthToken('token'));

  it('shows loading, then a card per order with status, items, shipping and total', async () => {
    server.use(
      http.get(`${API}/orders`, async () => {
        await delay(50);
        return HttpResponse.json([
          orderFixture(),
          orderFixture({
            id: 'SHIPPED1',
            status: 2,
            trackingNumber: 'DL998877',
            items: [
              {
                id: 'i9',
                productId: 'p9',
                productTitle: 'Hardbound Diary',
                quantity: 1,
                price: 449,
                size: 'A5',
                color: 'Maroon',
              },
            ],
          }),
          orderFixture({ id: 'ODD1', status: 9 }),
        ]);
      }),
    );
    renderOrders();
    expect(screen.getByRole('status', { name: 'Loading your orders' })).toBeInTheDocument();

    const pending = (await screen.findByRole('heading', { name: 'Order #K7M2QX9P' })).closest(
      '.rounded-xl',
    ) as HTMLElement;
    expect(within(pending).getByText('Placed on 5 March 2025')).toBeInTheDocument();
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('A5 Diary')).toBeInTheDocument();
    expect(within(pending).getByText('× 2')).toBeInTheDocument();
    expect(within(pending).getByText('₹249.50')).toBeInTheDocument();
    expect(within(pending).getByText('₹598.00')).toBeInTheDocument();
    expect(
      within(pending).getByText('12 MG Road, Bengaluru, Karnataka, 560001'),
    ).toBeInTheDocument();
    expect(within(pending).getByText('Standard Shipping')).toBeInTheDocument();
    expect(within(pending).getByText('Not available')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Pay Now' })).toHaveAttribute(
      'href',
      '/payment?orderId=K7M2QX9P',
    );

    const shipped = screen
      .getByRole('heading', { name: 'Order #SHIPPED1' })
      .closest('.rounded-xl') as HTMLElement;
    expect(within(shipped).getByText('Shipped')).toBeInTheDocument();
    expect(within(shipped).getByText('DL998877')).toBeInTheDocument();
    expect(within(shipped).getByText('(A5 · Maroon)')).toBeInTheDocument();
    expect(within(shipped).queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();

    expect(screen.getByText('Unknown (9)')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    server.use(http.get(`${API}/orders`, () => HttpResponse.json([])));
    renderOrders();
    expect(await screen.findByText('No Orders Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('toasts on failure and shows the empty list', async () => {
    server.use(http.get(`${API}/orders`, () => new HttpResponse(null, { status: 500 })));
    renderOrders();
    await expectToast('Failed to load your orders. Please try again.', { type: 'error' });
    expect(screen.getByText('No Orders Found')).toBeInTheDocument();
  });
});
