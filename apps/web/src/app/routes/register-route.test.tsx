import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { getAuthToken } from '@/lib/cookies';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { Component as RegisterRoute } from './register-route';

const valid = {
  'First Name': 'Asha',
  'Last Name': 'Rao',
  Email: ' Asha@Example.IN ',
  Password: 'secret1',
  'Confirm Password': 'secret1',
};

async function fill(values: Record<string, string>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('register screen', () => {
  it('shows every validation message and the Invalid Email toast without calling the server', async () => {
    renderWithProviders(<RegisterRoute />, { route: '/register', path: '/register' });
    await fill({
      'First Name': 'A',
      'Last Name': 'B',
      Email: 'x@y',
      Password: '123',
      'Confirm Password': '124',
    });
    expect(await screen.findByText('First name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Last name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await expectToast('Please enter a valid email address.', {
      title: 'Invalid Email',
      type: 'error',
    });
  });

  it('registers with a trimmed lowercase email, does not sign in and goes home', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/users/register`, async ({ request }) => {
        body = await request.json();
        // long enough for a busy machine to render the pending state before the answer comes
        await delay(400);
        return HttpResponse.json({ data: { id: 'u1' } }, { status: 201 });
      }),
    );
    renderWithProviders(<RegisterRoute />, { route: '/register', path: '/register' });
    await fill(valid);
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    await expectToast('Account created successfully. You can now log in.', { type: 'success' });
    expect(body).toEqual({
      email: 'asha@example.in',
      password: 'secret1',
      firstName: 'Asha',
      lastName: 'Rao',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(getAuthToken()).toBeUndefined();
  });

  it("shows the server's error, else the default", async () => {
    server.use(
      http.post(`${API}/users/register`, () =>
        HttpResponse.json({ error: 'Email already registered' }, { status: 409 }),
      ),
    );
    renderWithProviders(<RegisterRoute />, { route: '/register', path: '/register' });
    await fill(valid);
    await expectToast('Email already registered', { title: 'Registration Error', type: 'error' });

    server.use(http.post(`${API}/users/register`, () => new HttpResponse(null, { status: 500 })));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectToast('Failed to register. Please try again.', {
      title: 'Registration Error',
      type: 'error',
    });
  });
});
