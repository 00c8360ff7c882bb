import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/state/session/use-session';
import { login } from '@/state/session/sign-in-out';
import { setAuthToken } from '@/lib/cookies';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { orderFixture } from '@/features/orders/test/order-fixture';
import { Component as TrackOrderRoute } from './track-order-route';

function renderTrack(route = '/track-order') {
  return renderWithProviders(<TrackOrderRoute />, { route, path: '/track-order' });
}

/** Signs in with an email first, as the login screen does, then shows the screen. */
function SignedInTrackOrder() {
  const { user } = useSession();
  useEffect(() => {
    if (!user?.email) login('asha@example.in', 'token');
  }, [user]);
  return user?.email ? <TrackOrderRoute /> : null;
}

describe('track order screen', () => {
  it('prefills the account email after a reload, when only the token is known', async () => {
    setAuthToken('token');
    server.use(
      http.get(`${API}/accountInfo`, () =>
        HttpResponse.json({ data: { email: 'asha@example.in' } }),
      ),
    );
    renderTrack();
    await waitFor(() =>
      expect(screen.getByLabelText('Email or Phone')).toHaveValue('asha@example.in'),
    );
    // the hint follows the value in a later render: wait for it too (it failed once on a busy machine)
    expect(await screen.findByText('Using your account email by default')).toBeInTheDocument();
  });

  it("prefills the signed-in user's email with a hint", async () => {
    renderWithProviders(<SignedInTrackOrder />, { route: '/track-order', path: '/track-order' });
    expect(await screen.findByLabelText('Email or Phone')).toHaveValue('asha@example.in');
    expect(await screen.findByText('Using your account email by default')).toBeInTheDocument();
  });

  it('prefills the order number from ?id= and requires both fields', async () => {
    renderTrack('/track-order?id=K7M2QX9P');
    expect(screen.getByLabelText('Order Number')).toHaveValue('K7M2QX9P');
    expect(screen.getByLabelText('Email or Phone')).toHaveValue('');
    expect(screen.queryByText('Using your account email by default')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Track Order' }));
    await expectToast('Please enter both order number and email/phone', {
      title: 'Required fields',
      type: 'error',
    });
  });

  it('finds the order with the contact info and shows its details and items', async () => {
    let contact: string | null = null;
    server.use(
      http.get(`${API}/orders/:id`, async ({ request, params }) => {
        contact = new URL(request.url).searchParams.get('contactInfo');
        await delay(30);
        return HttpResponse.json(
          orderFixture({ id: String(params.id), status: 3, trackingNumber: 'DL42' }),
        );
      }),
    );
    renderTrack();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Order Number'), 'K7M2QX9P');
    await user.type(screen.getByLabelText('Email or Phone'), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Track Order' }));
    await expectToast('Your order status has been loaded', {
      title: 'Order found',
      type: 'success',
    });
    expect(contact).toBe('asha@example.in');
    expect(screen.getByText('Order #K7M2QX9P')).toBeInTheDocument();
    expect(screen.getByText('Placed on 5 March 2025')).toBeInTheDocument();
    expect(screen.getByText('Delivered')).toBeInTheDocument();
    expect(screen.getByText('12 MG Road, Bengaluru, Karnataka, 560001')).toBeInTheDocument();
    expect(screen.getByText('Standard Shipping')).toBeInTheDocument();
    expect(screen.getByText('DL42')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: 'A5 Diary 2 ₹249.50' })).toBeInTheDocument();
    // the money under the table: Delivery, then the Total (subtotal − discount + delivery)
    expect(screen.getByText('Total', { selector: 'dt' }).parentElement).toHaveTextContent(
      'Total₹598.00',
    );
  });

  it('shows the order’s returns with their states and dates, as My Orders does', async () => {
    server.use(
      http.get(`${API}/orders/:id`, ({ params }) =>
        HttpResponse.json(
          orderFixture({
            id: String(params.id),
            status: 3,
            returns: [
              {
                id: 'RET1',
                status: 'approved',
                createdAt: '2025-03-10T04:30:00.000Z',
                reason: 'The cover is torn',
                lines: [{ orderItemId: 'i1', productTitle: 'A5 Diary', quantity: 1 }],
                photos: [],
                instructions: 'Hand it to India Post with the order number',
                rejectionReason: null,
                refunded: null,
                history: [
                  { status: 'requested', at: '2025-03-10T04:30:00.000Z' },
                  { status: 'approved', at: '2025-03-11T06:00:00.000Z' },
                ],
              },
            ],
          }),
        ),
      ),
    );
    renderTrack();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Order Number'), 'K7M2QX9P');
    await user.type(screen.getByLabelText('Email or Phone'), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Track Order' }));
    const returns = await screen.findByRole('region', { name: 'Returns' });
    expect(within(returns).getByText('A5 Diary × 1')).toBeInTheDocument();
    expect(returns).toHaveTextContent(
      'How to send it back: Hand it to India Post with the order number',
    );
    expect(
      within(returns)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Return requested10 Mar 2025, 10:00 am', 'Return approved11 Mar 2025, 11:30 am']);
  });

  it('toasts when the order is not found', async () => {
    server.use(
      http.get(`${API}/orders/:id`, () =>
        HttpResponse.json({ error: 'Order not found or access denied' }, { status: 404 }),
      ),
    );
    renderTrack('/track-order?id=NOPE');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email or Phone'), '+919876543210');
    await user.click(screen.getByRole('button', { name: 'Track Order' }));
    await expectToast('Failed to find order. Please check your information and try again.', {
      title: 'Error',
      type: 'error',
    });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps what the shopper typed when the account email arrives later, and sends it trimmed', async () => {
    setAuthToken('token');
    let contact: string | null = null;
    // the account's answer is held until the shopper has typed: a fixed delay raced the typing,
    // and on a loaded machine the email arrived first
    let answerAccount = () => {};
    const typed = new Promise<void>((resolve) => (answerAccount = resolve));
    let answered = false;
    server.use(
      http.get(`${API}/accountInfo`, async () => {
        await typed;
        answered = true;
        return HttpResponse.json({ data: { email: 'asha@example.in' } });
      }),
      http.get(`${API}/orders/:id`, ({ request, params }) => {
        contact = new URL(request.url).searchParams.get('contactInfo');
        return HttpResponse.json(orderFixture({ id: String(params.id) }));
      }),
    );
    renderTrack('/track-order?id=K7M2QX9P');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email or Phone'), ' 9876543210 ');
    answerAccount();
    await waitFor(() => expect(answered).toBe(true));
    // a few renders' time for the email to land, were it going to
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByLabelText('Email or Phone')).toHaveValue(' 9876543210 ');
    expect(screen.queryByText('Using your account email by default')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Track Order' }));
    expect(await screen.findByText('Order #K7M2QX9P')).toBeInTheDocument();
    expect(contact).toBe('9876543210');
  });
});
