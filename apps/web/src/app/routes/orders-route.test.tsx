import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { ORDER_PAGE_SIZE } from '@store/contracts/limits';
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

  it('toasts on failure and does not pretend there are no orders; Try Again loads them', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/orders`, () =>
        fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json([orderFixture()]),
      ),
    );
    renderOrders();
    // the spec's toast, and the same words stay on the page once it has gone
    await waitFor(() =>
      expect(document.querySelector('[data-sonner-toast][data-type="error"]')).toHaveTextContent(
        'Failed to load your orders. Please try again.',
      ),
    );
    const failed = screen.getByRole('alert');
    expect(within(failed).getByText('Your orders could not be loaded')).toBeInTheDocument();
    expect(
      within(failed).getByText('Failed to load your orders. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No Orders Found')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Order #K7M2QX9P' })).toBeInTheDocument();
  });

  it("an answer with no list of orders (a proxy's page) is a failed load, not No Orders Found", async () => {
    server.use(
      http.get(`${API}/orders`, () =>
        HttpResponse.text('<!doctype html><title>Bad gateway</title>', {
          headers: { 'content-type': 'text/html' },
        }),
      ),
    );
    renderOrders();
    expect(await screen.findByText('Your orders could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByText('No Orders Found')).not.toBeInTheDocument();
  });

  it('counts one order in the singular: "Showing 1 of 1 order"', async () => {
    server.use(
      http.get(`${API}/orders`, () =>
        HttpResponse.json([orderFixture({ id: 'ONE' })], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    renderOrders();
    expect(await screen.findByText('Showing 1 of 1 order')).toBeInTheDocument();
  });

  it('asks for pages of 10 and loads more while the Link header says more remain', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/orders`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const page = Number(url.searchParams.get('page'));
        const count = page === 1 ? ORDER_PAGE_SIZE : 2;
        const orders = Array.from({ length: count }, (_, i) =>
          orderFixture({ id: `P${page}N${i}` }),
        );
        const headers: Record<string, string> = { 'X-Total-Count': String(ORDER_PAGE_SIZE + 2) };
        if (page === 1) headers.Link = '</api/v1/orders?page=2&limit=10>; rel="next"';
        return HttpResponse.json(orders, { headers });
      }),
    );
    renderOrders();
    expect(await screen.findByRole('heading', { name: 'Order #P1N0' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: /^Order #/ })).toHaveLength(ORDER_PAGE_SIZE);
    expect(screen.getByText('Showing 10 of 12 orders')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more orders' }));
    expect(await screen.findByRole('heading', { name: 'Order #P2N1' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: /^Order #/ })).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Load more orders' })).not.toBeInTheDocument();
    expect(asked).toEqual(['?page=1&limit=10', '?page=2&limit=10']);
  });

  it('a failed further page keeps the orders shown and the button to try again', async () => {
    server.use(
      http.get(`${API}/orders`, ({ request }) =>
        new URL(request.url).searchParams.get('page') === '1'
          ? HttpResponse.json([orderFixture()], {
              headers: { Link: '</api/v1/orders?page=2&limit=10>; rel="next"' },
            })
          : new HttpResponse(null, { status: 500 }),
      ),
    );
    renderOrders();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more orders' }));
    await expectToast('Failed to load your orders. Please try again.', { type: 'error' });
    expect(screen.getByRole('heading', { name: 'Order #K7M2QX9P' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more orders' })).toBeEnabled();
  });

  it('a confirming payment has no Pay Now; an expired one says why; a Pending one says pay by when', async () => {
    server.use(
      http.get(`${API}/orders`, () =>
        HttpResponse.json([
          orderFixture({ id: 'CONFIRM1', paymentStatus: 'confirming' }),
          orderFixture({ id: 'EXPIRED1', status: 4, cancelReason: 'expired' }),
          orderFixture({ id: 'PAYBY1', payBy: '2025-03-05T10:30:00.000Z' }),
        ]),
      ),
    );
    renderOrders();
    const card = async (id: string) =>
      (await screen.findByRole('heading', { name: `Order #${id}` })).closest(
        '.rounded-xl',
      ) as HTMLElement;
    const confirming = await card('CONFIRM1');
    expect(within(confirming).getByText('Your payment is being confirmed')).toBeInTheDocument();
    expect(within(confirming).queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    const expired = await card('EXPIRED1');
    expect(within(expired).getByText('Cancelled: not paid in time')).toBeInTheDocument();
    const payBy = await card('PAYBY1');
    expect(within(payBy).getByText(/^Pay by 5 Mar/)).toBeInTheDocument();
    expect(within(payBy).getByRole('link', { name: 'Pay Now' })).toBeInTheDocument();
  });
});
