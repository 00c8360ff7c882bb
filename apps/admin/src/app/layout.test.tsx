import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentStaff } from '@store/contracts/admin/common';
import { leaveFor } from '@/lib/leave-for';
import { getSession } from '@/state/session';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { AdminLayout } from './layout';

vi.mock('@/lib/leave-for', () => ({ leaveFor: vi.fn() }));

/** GET /admin/session as the server answers it; `demoOutbox` as a server without SMTP says. */
let sessionAsked = false;
function answerSession(demoOutbox: boolean) {
  sessionAsked = false;
  server.use(
    http.get(`${ADMIN_API}/session`, () => {
      sessionAsked = true;
      return HttpResponse.json({
        staff: {
          id: 'o1',
          email: 'owner@example.com',
          role: 'owner',
          disabled: false,
          ownerNotices: false,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
        expiresAt: '2099-01-01T00:00:00.000Z',
        demoOutbox,
      } satisfies CurrentStaff);
    }),
  );
}

beforeEach(() => answerSession(false));

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
      'Returns',
      'Products',
      'Categories',
      'Discounts',
      'Customers',
      'Reviews',
      'Messages',
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
    // discounts are pricing, as products are: staff run them too
    expect(names).toContain('Discounts');
    // the contact form's messages are answered by whoever is in
    expect(names).toContain('Messages');
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

  it('links to the demo outbox only when the server keeps one, through a one-time ticket', async () => {
    renderWithProviders(<Shell />, { route: '/', role: 'staff' });
    // the server said there is no outbox: still no item once its answer is in
    await expect.poll(() => sessionAsked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Demo outbox' })).toBeNull();
    cleanup();

    answerSession(true);
    let authorization: string | null = null;
    server.use(
      http.post(`${ADMIN_API}/outbox-ticket`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({
          url: '/demo/outbox?ticket=ot_abc',
          expiresAt: '2099-01-01T00:00:00.000Z',
        });
      }),
    );
    renderWithProviders(<Shell />, { route: '/', role: 'staff' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Demo outbox' }));
    await expect
      .poll(() => vi.mocked(leaveFor).mock.calls)
      .toEqual([['/demo/outbox?ticket=ot_abc']]);
    expect(authorization).toBe('Bearer token-staff');
  });
});
