import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getAuthToken, setAuthToken } from '@/lib/cookies';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { Component as AccountRoute } from './account-route';

const account = {
  id: 'u1',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.in',
  createdAt: '2024-01-15T08:00:00Z',
};

function renderAccount() {
  return renderWithProviders(<AccountRoute />, { route: '/account', path: '/account' });
}

describe('account screen', () => {
  beforeEach(() => setAuthToken('token'));

  it('shows placeholders while loading, then the details from a wrapped response', async () => {
    server.use(
      http.get(`${API}/accountInfo`, async ({ request }) => {
        expect(request.headers.get('Authorization')).toBe('Bearer token');
        await delay(50);
        return HttpResponse.json({ data: account });
      }),
    );
    renderAccount();
    expect(screen.getByRole('status', { name: 'Loading account information' })).toBeInTheDocument();
    expect(await screen.findByText('Asha Rao')).toBeInTheDocument();
    expect(screen.getByText('asha@example.in')).toBeInTheDocument();
    expect(screen.getByText('15 January 2024')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /My Orders/ })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: /My Addresses/ })).toHaveAttribute(
      'href',
      '/account/addresses',
    );
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('reads a bare response and shows placeholders for missing data', async () => {
    server.use(
      http.get(`${API}/accountInfo`, () => HttpResponse.json({ email: 'asha@example.in' })),
    );
    renderAccount();
    expect(await screen.findByText('asha@example.in')).toBeInTheDocument();
    expect(screen.getByText('Not provided')).toBeInTheDocument();
    expect(screen.getByText('Not available')).toBeInTheDocument();
  });

  it('toasts the status code on failure', async () => {
    server.use(
      http.get(`${API}/accountInfo`, () => HttpResponse.json({ error: 'boom' }, { status: 500 })),
    );
    renderAccount();
    await expectToast('Failed to load account information (status 500)', {
      title: 'Error',
      type: 'error',
    });
  });

  it('toasts when no response was received', async () => {
    server.use(http.get(`${API}/accountInfo`, () => HttpResponse.error()));
    renderAccount();
    await expectToast('Failed to load account information (No response received)', {
      title: 'Error',
      type: 'error',
    });
  });

  it('signs out: deletes the cookie, toasts and goes home', async () => {
    server.use(http.get(`${API}/accountInfo`, () => HttpResponse.json(account)));
    renderAccount();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await expectToast('You have been logged out successfully.', { type: 'success' });
    expect(getAuthToken()).toBeUndefined();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
