import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { Component as ResetPasswordRoute } from './reset-password-route';

const invalidLink = 'This reset link is invalid or has expired. Please ask for a new one.';

function renderPage(route = '/reset-password#token=tok-123_abc') {
  return renderWithProviders(<ResetPasswordRoute />, { route, path: '/reset-password' });
}

async function submit(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set New Password' }));
}

describe('reset password page', () => {
  it('takes the token out of the address bar, sets the password and goes to sign in', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/users/reset-password`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Your password has been changed.' });
      }),
    );
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/reset-password$/),
    );
    await submit('new-secret-7');
    await expectToast('Please sign in with your new password.', {
      title: 'Password changed',
      type: 'success',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(body).toEqual({
      token: 'tok-123_abc',
      password: 'new-secret-7',
      confirmPassword: 'new-secret-7',
    });
  });

  it('also takes a token from the query string (?token=), and clears it from the address bar', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/users/reset-password`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Your password has been changed.' });
      }),
    );
    renderPage('/reset-password?token=query-tok_9');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/reset-password$/),
    );
    await submit('new-secret-7');
    await waitFor(() => expect(body).toMatchObject({ token: 'query-tok_9' }));
  });

  it("applies registration's rules and messages without calling the server", async () => {
    let called = false;
    server.use(
      http.post(`${API}/users/reset-password`, () => {
        called = true;
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderPage();
    await submit('12345', '12346');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it("shows the server's words for a used or expired link and offers a new one", async () => {
    server.use(
      http.post(`${API}/users/reset-password`, () =>
        HttpResponse.json({ error: invalidLink }, { status: 400 }),
      ),
    );
    renderPage();
    await submit('new-secret-7');
    expect(await screen.findByRole('alert')).toHaveTextContent(invalidLink);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('says at once that a link without a token is not valid', () => {
    renderPage('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(invalidLink);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
