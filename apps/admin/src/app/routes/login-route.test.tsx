import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StaffSession } from '@store/contracts/admin/common';
import { getSession } from '@/state/session';
import { ADMIN_API, server } from '@/test/msw-server';
import { sessionFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { LoginRoute } from './login-route';

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Sign in', () => {
  it('keeps the session and goes where the visitor was heading', async () => {
    let sent: unknown;
    server.use(
      http.post(`${ADMIN_API}/session`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json<StaffSession>(sessionFixture('staff'));
      }),
    );
    renderWithProviders(<LoginRoute />, {
      route: { pathname: '/login', state: { from: '/orders?status=pending' } },
      path: '/login',
      role: null,
    });
    await signIn('staff@example.com', 'a password long enough');
    expect(await screen.findByTestId('location')).toHaveTextContent('/orders?status=pending');
    expect(sent).toEqual({ email: 'staff@example.com', password: 'a password long enough' });
    expect(getSession()?.token).toBe('token-staff');
    expect(JSON.parse(window.sessionStorage.getItem('admin_session')!).staff.role).toBe('staff');
  });

  it('says "Invalid email or password" when refused, and keeps no session', async () => {
    server.use(
      http.post(`${ADMIN_API}/session`, () =>
        HttpResponse.json({ error: 'Invalid email or password' }, { status: 401 }),
      ),
    );
    renderWithProviders(<LoginRoute />, { route: '/login', role: null });
    await signIn('owner@example.com', 'wrong password!');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(getSession()).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it("shows the server's message when sign-in is rate limited", async () => {
    server.use(
      http.post(`${ADMIN_API}/session`, () =>
        HttpResponse.json(
          { error: 'Too many sign-in attempts. Try again in 10 minutes.' },
          { status: 429 },
        ),
      ),
    );
    renderWithProviders(<LoginRoute />, { route: '/login', role: null });
    await signIn('owner@example.com', 'whatever');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts');
  });

  it('checks the fields before asking the server', async () => {
    renderWithProviders(<LoginRoute />, { route: '/login', role: null });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
  });
});
