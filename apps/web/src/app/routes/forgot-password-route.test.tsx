import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { Component as ForgotPasswordRoute } from './forgot-password-route';

const confirmation = 'If an account exists for that address, we have sent a link.';

function renderPage() {
  return renderWithProviders(<ForgotPasswordRoute />, {
    route: '/forgot-password',
    path: '/forgot-password',
  });
}

async function submit(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

describe('forgot password page', () => {
  it("checks the address with the login form's message before asking the server", async () => {
    let called = false;
    server.use(
      http.post(`${API}/users/forgot-password`, () => {
        called = true;
        return HttpResponse.json({}, { status: 202 });
      }),
    );
    renderPage();
    await submit('asha@example');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('sends the address and shows the same confirmation whatever the account', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/users/forgot-password`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { message: 'If an account exists for that address, we have sent a link' },
          { status: 202 },
        );
      }),
    );
    renderPage();
    await submit(' Asha@Example.in ');
    expect(await screen.findByText(confirmation)).toBeInTheDocument();
    expect(screen.getByText(/works for 30 minutes/)).toBeInTheDocument();
    expect(body).toEqual({ email: 'asha@example.in' });
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');

    // asking again starts from the address given
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use another address' }));
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.in');
  });

  it("shows the server's words when asked too often, and no confirmation", async () => {
    server.use(
      http.post(`${API}/users/forgot-password`, () =>
        HttpResponse.json(
          { error: 'Too many attempts. Please wait 15 minutes and try again.' },
          { status: 429 },
        ),
      ),
    );
    renderPage();
    await submit('asha@example.in');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 15 minutes and try again.',
    );
    expect(screen.queryByText(confirmation)).not.toBeInTheDocument();
  });
});
