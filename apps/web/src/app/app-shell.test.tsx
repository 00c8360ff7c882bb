import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { USER_SCOPED_META } from '@/state/session/user-scoped';
import { AUTH_CLEARED_EVENT } from '@/lib/cookies';
import { productFixture } from '@/test/fixtures';
import { API, server } from '@/test/msw-server';
import { AppRoutes } from './router';
import { ShellProviders } from './shell-providers';
import { forgetAppUserData } from './user-data';

/** The browser's wiring (main.tsx): shell providers on the entry, the query client with each lazy route. */
function renderApp(route = '/') {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <ShellProviders onForgetUserData={forgetAppUserData} storeInfoOptions={{ retries: 0 }}>
        <AppRoutes />
      </ShellProviders>
    </MemoryRouter>,
  );
}

describe('app shell without a top-level QueryClientProvider', () => {
  it('renders the home route with its queries, and a 401 drops only the user-scoped queries of the shared client', async () => {
    server.use(
      http.get(`${API}/products`, () =>
        HttpResponse.json({
          data: [productFixture({ id: 'f1', title: 'Dotted Notebook' })],
          pagination: { total: 1, page: 1, limit: 4, totalPages: 1 },
        }),
      ),
    );
    renderApp('/');
    // The first lazy import transforms the route's modules, slower than findBy's default second.
    expect(
      await screen.findByRole('link', { name: 'Dotted Notebook' }, { timeout: 10_000 }),
    ).toHaveAttribute('href', '/product/f1');
    await waitFor(() => expect(document.title).toBe('Paper Trail'));

    const { appQueryClient } = await import('./route-query-provider');
    await appQueryClient.prefetchQuery({
      queryKey: ['private'],
      queryFn: () => 'secret',
      meta: USER_SCOPED_META,
    });
    expect(appQueryClient.getQueryData(['private'])).toBe('secret');
    const before = appQueryClient.getQueryCache().getAll().length;
    expect(before).toBeGreaterThan(1);

    window.dispatchEvent(new Event(AUTH_CLEARED_EVENT));
    expect(appQueryClient.getQueryData(['private'])).toBeUndefined();
    expect(appQueryClient.getQueryCache().getAll()).toHaveLength(before - 1);
  });

  it("titles a fixed page '{page} | {store}'", async () => {
    renderApp('/contact');
    await waitFor(() => expect(document.title).toBe('Contact Us | Paper Trail'), {
      timeout: 10_000,
    });
  });
});
