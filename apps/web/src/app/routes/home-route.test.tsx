import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { productFixture, storeInfoFixture } from '@/test/fixtures';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { Component as HomeRoute } from './home-route';

const featured = [
  productFixture({
    id: 'f1',
    title: 'Dotted Notebook',
    attributes: [{ key: 'featured', value: ['true'] }],
  }),
  productFixture({ id: 'f2', title: 'Fountain Ink', regularPrice: 500, discountedPrice: 350 }),
];

describe('home', () => {
  it('shows the hero, its buttons, category tiles from the store info and featured products', async () => {
    let query = '';
    server.use(
      http.get(`${API}/products`, ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json({
          data: featured,
          pagination: { total: 2, page: 1, limit: 4, totalPages: 1 },
        });
      }),
    );
    renderWithProviders(<HomeRoute />);
    expect(
      screen.getByRole('heading', { name: 'Inspire Your Creative Journey' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Shop Collection/ })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(screen.getByRole('link', { name: 'Featured Items' })).toHaveAttribute(
      'href',
      '/products?featured=true',
    );
    expect(screen.getByText('Browse Categories')).toBeInTheDocument();

    expect(await screen.findByRole('link', { name: 'Dotted Notebook' })).toHaveAttribute(
      'href',
      '/product/f1',
    );
    expect(query).toContain('featured=true');
    expect(query).toContain('limit=4');
    expect(screen.getByText('Sale')).toBeInTheDocument();

    const tiles = await screen.findAllByRole('link', {
      name: /^(Diaries|Notebooks|Magazines|Ink)$/,
    });
    expect(tiles.map((t) => t.getAttribute('href'))).toEqual([
      '/products?category=diaries',
      '/products?category=notebooks',
      '/products?category=magazines',
    ]);
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/products');
    // the writing essentials' code loads after the page's (as the shopper nears it)
    expect(await screen.findByRole('link', { name: 'Browse Products' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('shows 4 skeletons while loading, then the empty message; falls back to two category tiles', async () => {
    server.use(
      http.get(`${API}/storeInfo`, () =>
        HttpResponse.json({ ...storeInfoFixture, categories: [] }),
      ),
      http.get(`${API}/products`, async () => {
        await delay(50);
        return HttpResponse.json({
          data: [],
          pagination: { total: 0, page: 1, limit: 4, totalPages: 0 },
        });
      }),
    );
    renderWithProviders(<HomeRoute />);
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(4);
    expect(
      await screen.findByText('No featured products available at the moment.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Magazines' })).toHaveAttribute(
        'href',
        '/products?category=magazines',
      ),
    );
    expect(screen.getByRole('link', { name: 'Diaries & Notebooks' })).toBeInTheDocument();
  });

  it('treats a featured failure as empty', async () => {
    server.use(
      http.get(`${API}/products`, () => HttpResponse.json({ error: 'boom' }, { status: 500 })),
    );
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<HomeRoute />);
    expect(
      await screen.findByText('No featured products available at the moment.'),
    ).toBeInTheDocument();
    spy.mockRestore();
  });

  it('newsletter: one sign-up sent to the shop, then the toast, field cleared', async () => {
    server.use(
      http.get(`${API}/products`, () =>
        HttpResponse.json({ data: [], pagination: { total: 0, page: 1, limit: 4, totalPages: 0 } }),
      ),
      http.post(`${API}/newsletter`, () => HttpResponse.json({ received: true }, { status: 201 })),
    );
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) =>
      calls.push(`${request.method} ${request.url}`),
    );
    renderWithProviders(<HomeRoute />);
    const form = screen.getByRole('heading', {
      name: 'Subscribe to Our Newsletter',
    }).parentElement!;
    // the form arrives once the page is up (newsletter.tsx)
    const email = await within(form).findByLabelText('Email address', {}, { timeout: 3000 });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    await userEvent.type(email, 'reader@example.com');
    const before = calls.length;
    await userEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscribed!')).toBeInTheDocument();
    expect(screen.getByText('Thank you for subscribing to our newsletter.')).toBeInTheDocument();
    expect(email).toHaveValue('');
    expect(calls.slice(before).filter((c) => c.startsWith('POST'))).toEqual([
      `POST ${API}/newsletter`,
    ]);
    server.events.removeAllListeners();
  });
});
