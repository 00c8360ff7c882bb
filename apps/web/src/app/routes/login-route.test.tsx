import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { getAuthToken } from '@/lib/cookies';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { Component as LoginRoute } from './login-route';

function renderLogin(state?: unknown) {
  return renderWithProviders(<LoginRoute />, {
    route: { pathname: '/login', state },
    path: '/login',
  });
}

async function fillAndSubmit(email = 'asha@example.in', password = 'secret1') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login screen', () => {
  it('links to home, register, forgot password, terms and privacy', () => {
    renderLogin();
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining(['/', '/register', '/forgot-password', '/terms', '/privacy']),
    );
    expect(screen.getByLabelText('Remember me')).toBeInTheDocument();
  });

  it('shows the validation messages without calling the server', async () => {
    renderLogin();
    await fillAndSubmit('nope', '123');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('signs in, stores the token, toasts and returns to the origin', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/users/authorize`, async ({ request }) => {
        body = await request.json();
        // long enough for a busy machine to render the pending state before the answer comes
        await delay(400);
        return HttpResponse.json({ token: 'jwt-token' });
      }),
    );
    renderLogin({ from: { pathname: '/orders', search: '', hash: '' } });
    await fillAndSubmit(' Asha@Example.in ');
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await expectToast('Logged in successfully.', { title: 'Success!', type: 'success' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders'));
    expect(getAuthToken()).toBe('jwt-token');
    expect(body).toEqual({ email: 'asha@example.in', password: 'secret1' });
  });

  it('goes home when there is no origin', async () => {
    server.use(http.post(`${API}/users/authorize`, () => HttpResponse.json({ token: 't' })));
    renderLogin();
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('fails when the token is missing', async () => {
    server.use(http.post(`${API}/users/authorize`, () => HttpResponse.json({})));
    renderLogin();
    await fillAndSubmit();
    await expectToast('Authentication failed: Token is missing in the response', {
      title: 'Error',
      type: 'error',
    });
    expect(getAuthToken()).toBeUndefined();
  });

  it("shows the server's error, else the default message", async () => {
    server.use(
      http.post(`${API}/users/authorize`, () =>
        HttpResponse.json({ error: 'Invalid email or password' }, { status: 401 }),
      ),
    );
    renderLogin();
    await fillAndSubmit();
    await expectToast('Invalid email or password', { title: 'Error', type: 'error' });

    server.use(http.post(`${API}/users/authorize`, () => new HttpResponse(null, { status: 500 })));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectToast('Failed to login. Please check your credentials.', {
      title: 'Error',
      type: 'error',
    });
  });

  it('says when the server does not answer', async () => {
    server.use(http.post(`${API}/users/authorize`, () => HttpResponse.error()));
    renderLogin();
    await fillAndSubmit();
    await expectToast('No response from server. Please try again later.', {
      title: 'Error',
      type: 'error',
    });
  });

  it('closes the error toast of a failed try once a later try signs in', async () => {
    let attempts = 0;
    server.use(
      http.post(`${API}/users/authorize`, () =>
        ++attempts === 1
          ? HttpResponse.json({ error: 'Wrong password, try again' }, { status: 401 })
          : HttpResponse.json({ token: 'jwt-token' }),
      ),
    );
    renderLogin();
    await fillAndSubmit('asha@example.in', 'wrong-one');
    const failed = await expectToast('Wrong password, try again', {
      title: 'Error',
      type: 'error',
    });
    // away from the card's title: the auth pages have no navigation bar to sit under
    expect(failed.closest('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'bottom');

    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    await waitFor(() =>
      expect(screen.queryByText('Wrong password, try again')).not.toBeInTheDocument(),
    );
  });
});
