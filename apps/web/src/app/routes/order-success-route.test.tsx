import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '@/lib/cookies';
import { orderFixture } from '@/features/orders/test/order-fixture';
import { API, server } from '@/test/msw-server';
import { renderWithProviders, type RenderOptions } from '@/test/render';
import { Component as OrderSuccessRoute } from './order-success-route';

const renderSuccess = (route: RenderOptions['route'] = '/order-success') =>
  renderWithProviders(<OrderSuccessRoute />, { route, path: '/order-success' });

describe('order success screen', () => {
  it('thanks the shopper and links to orders and home', () => {
    renderSuccess();
    expect(screen.getByRole('heading', { name: 'Thank You for Your Order!' })).toBeInTheDocument();
    expect(screen.getByText(/email with your order details/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it("shows the order's number, its items with options and quantities, and the total in ₹", async () => {
    setAuthToken('token-1');
    let authorization: string | null = null;
    server.use(
      http.get(`${API}/orders/K7M2QX9P`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(
          orderFixture({
            status: 1,
            items: [
              {
                id: 'i1',
                productId: 'p1',
                productTitle: 'A5 Diary',
                quantity: 2,
                price: 249.5,
                size: 'A5',
                color: 'Maroon',
              },
              { id: 'i2', productId: 'p2', productTitle: 'Ink Bottle', quantity: 1, price: 99 },
            ],
          }),
        );
      }),
    );
    // a payment page sends the shopper back with ?orderId=
    renderSuccess('/order-success?orderId=K7M2QX9P');
    expect(screen.getByTestId('order-number')).toHaveTextContent('K7M2QX9P');
    const items = await screen.findByRole('list', { name: 'Items of order K7M2QX9P' });
    const lines = within(items).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('A5 Diary (A5 · Maroon) × 2');
    expect(lines[0]).toHaveTextContent('₹249.50 each');
    expect(lines[0]).toHaveTextContent('₹499.00');
    expect(lines[1]).toHaveTextContent('Ink Bottle × 1');
    expect(lines[1]).toHaveTextContent('₹99.00');
    expect(screen.getByText('Total').parentElement).toHaveTextContent('₹598.00');
    expect(authorization).toBe('Bearer token-1');
  });

  it('takes the order id from navigation state (the QR screen) too', async () => {
    setAuthToken('token-1');
    server.use(
      http.get(`${API}/orders/QR12345`, () => HttpResponse.json(orderFixture({ id: 'QR12345' }))),
    );
    renderSuccess({ pathname: '/order-success', state: { orderId: 'QR12345' } });
    expect(screen.getByTestId('order-number')).toHaveTextContent('QR12345');
    expect(await screen.findByRole('list', { name: 'Items of order QR12345' })).toBeInTheDocument();
  });

  it('keeps the order number when its details cannot be loaded, and asks for nothing signed out', async () => {
    setAuthToken('token-1');
    server.use(
      http.get(`${API}/orders/GONE1`, () =>
        HttpResponse.json({ error: 'Order not found or access denied' }, { status: 404 }),
      ),
    );
    const { unmount } = renderSuccess('/order-success?orderId=GONE1');
    expect(await screen.findByText(/details could not be loaded/)).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('GONE1');
    expect(screen.queryByText('Total')).not.toBeInTheDocument();
    unmount();

    document.cookie = 'auth_token=; Max-Age=0; Path=/';
    // no handler for this id: MSW fails the test if the page asked for it
    renderSuccess('/order-success?orderId=ANON1');
    expect(screen.getByTestId('order-number')).toHaveTextContent('ANON1');
    expect(screen.queryByRole('status', { name: 'Loading your order' })).not.toBeInTheDocument();
  });
});
