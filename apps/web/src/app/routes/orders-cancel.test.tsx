import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@store/contracts/orders';
import { setAuthToken } from '@/lib/cookies';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { orderFixture } from '@/features/orders/test/order-fixture';
import { Component as OrdersRoute } from './orders-route';

const cardOf = async (id: string) =>
  (await screen.findByRole('heading', { name: `Order #${id}` })).closest(
    '.rounded-xl',
  ) as HTMLElement;

describe('Cancel order on My Orders', () => {
  beforeEach(() => setAuthToken('token'));

  it('asks once more, sends one cancel, then shows the order Cancelled', async () => {
    let current: Order = orderFixture({ id: 'PROC1', status: 1, paymentStatus: 'paid' });
    const cancels: string[] = [];
    server.use(
      http.get(`${API}/orders`, () => HttpResponse.json([current])),
      http.post(`${API}/orders/:id/cancel`, async ({ params }) => {
        cancels.push(String(params.id));
        await delay(40);
        current = { ...current, status: 4, cancelReason: 'shopper' };
        return HttpResponse.json(current);
      }),
    );
    renderWithProviders(<OrdersRoute />, { route: '/orders', path: '/orders' });
    const card = await cardOf('PROC1');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Cancel order' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent(
      'Order #PROC1 will be cancelled and will not be sent. The amount you paid will be refunded to the way you paid.',
    );
    const yes = within(dialog).getByRole('button', { name: 'Yes, cancel order' });
    await user.click(yes);
    expect(yes).toBeDisabled();
    await user.click(yes);

    await expectToast('Order cancelled');
    await waitFor(() => expect(within(card).getByText('Cancelled')).toBeInTheDocument());
    expect(within(card).getByText('Cancelled by you')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(cancels).toEqual(['PROC1']);
  });

  it('keeps the order when the shopper says Keep order, and offers no cancel once shipped', async () => {
    const cancels: string[] = [];
    server.use(
      http.get(`${API}/orders`, () =>
        HttpResponse.json([
          orderFixture({ id: 'PEND1' }),
          orderFixture({ id: 'SHIP1', status: 2 }),
        ]),
      ),
      http.post(`${API}/orders/:id/cancel`, ({ params }) => {
        cancels.push(String(params.id));
        return HttpResponse.json({});
      }),
    );
    renderWithProviders(<OrdersRoute />, { route: '/orders', path: '/orders' });
    const pending = await cardOf('PEND1');
    expect(
      within(await cardOf('SHIP1')).queryByRole('button', { name: 'Cancel order' }),
    ).toBeNull();
    const user = userEvent.setup();
    await user.click(within(pending).getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('Order #PEND1 will be cancelled and will not be sent.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancels).toEqual([]);
  });

  it("shows the server's reason when the order has left meanwhile", async () => {
    server.use(
      http.get(`${API}/orders`, () =>
        HttpResponse.json([orderFixture({ id: 'PROC2', status: 1 })]),
      ),
      http.post(`${API}/orders/:id/cancel`, () =>
        HttpResponse.json(
          {
            error: 'This order has been shipped and can no longer be cancelled',
            code: 'order_not_cancellable',
          },
          { status: 409 },
        ),
      ),
    );
    renderWithProviders(<OrdersRoute />, { route: '/orders', path: '/orders' });
    const user = userEvent.setup();
    await user.click(within(await cardOf('PROC2')).getByRole('button', { name: 'Cancel order' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel order' }));
    await expectToast('This order has been shipped and can no longer be cancelled', {
      title: 'Could not cancel the order',
      type: 'error',
    });
  });
});
