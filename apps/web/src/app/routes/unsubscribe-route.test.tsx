import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { INVALID_UNSUBSCRIBE_LINK } from '@store/contracts/cart-reminders';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { Component as UnsubscribeRoute } from './unsubscribe-route';

/** The shop's answers: the token of the e-mail is good; records what was asked. */
function reminders() {
  const asked: { path: string; token: unknown }[] = [];
  const answer =
    (subscribed: boolean) =>
    async ({ request }: { request: Request }) => {
      asked.push({
        path: new URL(request.url).pathname,
        token: ((await request.json()) as { token: unknown }).token,
      });
      return HttpResponse.json({ subscribed });
    };
  server.use(
    http.post(`${API}/cart-reminders/unsubscribe`, answer(false)),
    http.post(`${API}/cart-reminders/subscribe`, answer(true)),
  );
  return asked;
}

describe('the cart reminder’s unsubscribe page', () => {
  it('asks first, unsubscribes with the link’s token, and can turn reminders back on', async () => {
    const asked = reminders();
    renderWithProviders(<UnsubscribeRoute />, { route: '/unsubscribe#token=signed.token.here' });
    expect(screen.getByRole('heading', { name: 'Stop cart reminders?' })).toBeInTheDocument();
    // the token leaves the address bar at once; nothing is sent until the shopper says so
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/unsubscribe$/),
    );
    expect(asked).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByRole('heading', { name: 'You are unsubscribed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/E-mails about your orders still come/)).toBeInTheDocument();
    expect(asked).toEqual([
      { path: '/api/v1/cart-reminders/unsubscribe', token: 'signed.token.here' },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Send them again' }));
    expect(
      await screen.findByRole('heading', { name: 'Cart reminders are on' }),
    ).toBeInTheDocument();
    expect(asked[1]).toEqual({
      path: '/api/v1/cart-reminders/subscribe',
      token: 'signed.token.here',
    });
  });

  it('says so when the link is not valid, or has no token', async () => {
    server.use(
      http.post(`${API}/cart-reminders/unsubscribe`, () =>
        HttpResponse.json(
          { error: INVALID_UNSUBSCRIBE_LINK, code: 'bad_request' },
          { status: 400 },
        ),
      ),
    );
    const { unmount } = renderWithProviders(<UnsubscribeRoute />, {
      route: '/unsubscribe?token=forged',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_UNSUBSCRIBE_LINK);
    unmount();

    renderWithProviders(<UnsubscribeRoute />, { route: '/unsubscribe' });
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_UNSUBSCRIBE_LINK);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });
});
