import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/state/session';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { AdminLayout } from './layout';

function Shell() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route path="*" element={<p>page</p>} />
      </Route>
      <Route path="login" element={<p>sign-in page</p>} />
    </Routes>
  );
}

const navNames = () =>
  within(screen.getByRole('navigation', { name: 'Back office' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('navigation', () => {
  it('shows the owner every screen, in the spec order, and marks the current one', () => {
    renderWithProviders(<Shell />, { route: '/orders', role: 'owner' });
    expect(navNames()).toEqual([
      'Dashboard',
      'Orders',
      'Held stock',
      'Products',
      'Categories',
      'Customers',
      'Store settings',
      'Staff',
      'Activity',
    ]);
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
  });

  it('hides Staff and Store settings from the staff role', () => {
    renderWithProviders(<Shell />, { route: '/', role: 'staff' });
    const names = navNames();
    expect(names).not.toContain('Staff');
    expect(names).not.toContain('Store settings');
    expect(names).toContain('Orders');
    expect(names).toContain('Activity');
  });

  it('Sign out ends the session on the server and here', async () => {
    let deleted = false;
    server.use(
      http.delete(`${ADMIN_API}/session`, ({ request }) => {
        deleted = request.headers.get('authorization') === 'Bearer token-owner';
        return HttpResponse.json({ ok: true });
      }),
    );
    renderWithProviders(<Shell />, { route: '/', role: 'owner' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    await expect.poll(() => getSession()).toBeNull();
    expect(deleted).toBe(true);
  });
});
