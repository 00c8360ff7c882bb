import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@store/contracts/orders';
import { setAuthToken } from '@/lib/cookies';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { orderFixture } from '@/features/orders/test/order-fixture';
import { Component as OrdersRoute } from './orders-route';

// Cash on delivery that checks first: the code box on My Orders (the thank-you page shows the same
// panel), and Pay now by UPI on any cash-on-delivery order not yet shipped.
const cardOf = async (id: string) =>
  (await screen.findByRole('heading', { name: `Order #${id}` })).closest(
    '.rounded-xl',
  ) as HTMLElement;

const waiting = (over: Partial<Order> = {}): Order =>
  orderFixture({
    id: 'COD1',
    status: 1,
    codStatus: 'to_collect',
    codCode: {
      phone: '+91 ••••••3210',
      confirmed: false,
      expiresAt: '2026-11-28T10:15:00.000Z',
      resendAt: '2026-11-28T10:01:00.000Z',
      sendsLeft: 4,
    },
    ...over,
  });

describe('the confirmation code of a cash-on-delivery order', () => {
  beforeEach(() => setAuthToken('token'));

  it('sends the code typed; a wrong one is said under the box, the right one confirms the order', async () => {
    let current = waiting();
    const sent: string[] = [];
    server.use(
      http.get(`${API}/orders`, () => HttpResponse.json([current])),
      http.post(`${API}/orders/:id/cod-code`, async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        sent.push(code);
        if (code !== '123456')
          return HttpResponse.json(
            { error: 'That code is not right: 4 tries left', code: 'cod_code_wrong' },
            { status: 400 },
          );
        current = { ...current, codCode: { ...current.codCode!, confirmed: true } };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithProviders(<OrdersRoute />, { route: '/orders', path: '/orders' });
    const card = await cardOf('COD1');
    expect(card).toHaveTextContent(
      'Confirm your cash-on-delivery order with the 6-digit code sent to +91 ••••••3210',
    );
    const user = userEvent.setup();
    const box = within(card).getByLabelText('Confirmation code');
    expect(box).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(box, '12');
    await user.click(within(card).getByRole('button', { name: 'Confirm order' }));
    expect(await within(card).findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(box);
    await user.type(box, '654321');
    await user.click(within(card).getByRole('button', { name: 'Confirm order' }));
    expect(
      await within(card).findByText('That code is not right: 4 tries left'),
    ).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, '123456');
    await user.click(within(card).getByRole('button', { name: 'Confirm order' }));
    await expectToast('Your cash-on-delivery order is confirmed');
    await waitFor(() => expect(within(card).queryByLabelText('Confirmation code')).toBeNull());
    expect(sent).toEqual(['654321', '123456']);
    // still cash on delivery, not shipped: it may yet be paid online
    expect(within(card).getByRole('link', { name: 'Pay now by UPI' })).toHaveAttribute(
      'href',
      '/payment?orderId=COD1',
    );
  });

  it('asks for a new code and says where it went; a refusal is said in a toast', async () => {
    let resends = 0;
    server.use(
      http.get(`${API}/orders`, () => HttpResponse.json([waiting()])),
      http.post(`${API}/orders/:id/cod-code/resend`, () => {
        resends += 1;
        return resends === 1
          ? HttpResponse.json({ phone: '+91 ••••••3210' })
          : HttpResponse.json(
              { error: 'Wait 42 seconds before asking for another code', code: 'rate_limited' },
              { status: 429 },
            );
      }),
    );
    renderWithProviders(<OrdersRoute />, { route: '/orders', path: '/orders' });
    const card = await cardOf('COD1');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Send a new code' }));
    await expectToast('A new code was sent to +91 ••••••3210');
    await user.click(within(card).getByRole('button', { name: 'Send a new code' }));
    await expectToast('Could not send a new code');
    expect(
      await screen.findByText('Wait 42 seconds before asking for another code'),
    ).toBeInTheDocument();
  });

  it('shows nothing of it on a shipped or prepaid order', async () => {
    server.use(
      http.get(`${API}/orders`, () =>
        HttpResponse.json([
          waiting({ id: 'SHIP1', status: 2 }),
          orderFixture({ id: 'PAID1', status: 1, paymentStatus: 'paid' }),
        ]),
      ),
    );
    renderWithProviders(<OrdersRoute />, { route: '/orders', path: '/orders' });
    for (const id of ['SHIP1', 'PAID1']) {
      const card = await cardOf(id);
      expect(within(card).queryByLabelText('Confirmation code')).toBeNull();
      expect(within(card).queryByRole('link', { name: 'Pay now by UPI' })).toBeNull();
    }
  });
});
