import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { INVALID_NEWSLETTER_LINK } from '@store/contracts/messages';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { Component as NewsletterRoute } from './newsletter-route';

/** The shop's answers: the e-mail's token is good; records what was asked. */
function newsletter() {
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
    http.post(`${API}/newsletter/confirm`, answer(true)),
    http.post(`${API}/newsletter/unsubscribe`, answer(false)),
  );
  return asked;
}

describe('the newsletter’s confirmation page', () => {
  it('asks first, confirms with the link’s token, and can unsubscribe', async () => {
    const asked = newsletter();
    renderWithProviders(<NewsletterRoute />, { route: '/newsletter#token=signed.token.here' });
    expect(screen.getByRole('heading', { name: 'Confirm your subscription' })).toBeInTheDocument();
    // the token leaves the address bar at once; nothing is sent until the reader says so
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/newsletter$/));
    expect(asked).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Confirm subscription' }));
    expect(await screen.findByRole('heading', { name: 'You are subscribed' })).toBeInTheDocument();
    expect(asked).toEqual([{ path: '/api/v1/newsletter/confirm', token: 'signed.token.here' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByRole('heading', { name: 'You are unsubscribed' }),
    ).toBeInTheDocument();
    expect(asked[1]).toEqual({
      path: '/api/v1/newsletter/unsubscribe',
      token: 'signed.token.here',
    });
  });

  it('opened from an unsubscribe link, asks to unsubscribe', async () => {
    const asked = newsletter();
    renderWithProviders(<NewsletterRoute />, {
      route: '/newsletter#token=signed.token.here&action=unsubscribe',
    });
    expect(
      screen.getByRole('heading', { name: 'Unsubscribe from the newsletter?' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByRole('heading', { name: 'You are unsubscribed' }),
    ).toBeInTheDocument();
    expect(asked).toEqual([{ path: '/api/v1/newsletter/unsubscribe', token: 'signed.token.here' }]);
  });

  it('says so when the link is not valid, or has no token', async () => {
    server.use(
      http.post(`${API}/newsletter/confirm`, () =>
        HttpResponse.json({ error: INVALID_NEWSLETTER_LINK, code: 'bad_request' }, { status: 400 }),
      ),
    );
    renderWithProviders(<NewsletterRoute />, { route: '/newsletter#token=forged' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_NEWSLETTER_LINK);
  });

  it('with no token at all, says the link is not valid and offers nothing to press', () => {
    renderWithProviders(<NewsletterRoute />, { route: '/newsletter' });
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_NEWSLETTER_LINK);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
