import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { productFixture, storeInfoFixture } from '@/test/fixtures';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { Component as ProductsRoute } from './products-route';

const many = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    productFixture({
      id: `p${i}`,
      title: `Notebook ${i}`,
      parentCategory: i % 2 ? 'Journals' : 'Planners',
    }),
  );

function listResponse(request: Request, total: number, seen: URLSearchParams[] = []) {
  const params = new URL(request.url).searchParams;
  seen.push(params);
  const limit = Number(params.get('limit'));
  return HttpResponse.json({
    data: many(Math.min(limit, total)),
    pagination: { total, page: 1, limit, totalPages: Math.ceil(total / limit) },
  });
}

const listHandler = (total: number, seen: URLSearchParams[] = []) =>
  http.get(`${API}/products`, ({ request }) => listResponse(request, total, seen));

describe('products page', () => {
  it('shows 12 placeholders, then products with heading, parent filter and pagination', async () => {
    const seen: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/products`, async ({ request }) => {
        await delay(30);
        return listResponse(request, 60, seen);
      }),
    );
    renderWithProviders(<ProductsRoute />, { route: '/products?category=men&page=3' });
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(12);
    expect(await screen.findByRole('link', { name: 'Notebook 0' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Men's Ethnic Wear" })).toBeInTheDocument();
    const list = seen.find((p) => p.get('limit') === '12')!;
    expect(Object.fromEntries(list)).toMatchObject({
      page: '3',
      limit: '12',
      category: 'men',
      gender: 'Men',
    });
    expect(seen.some((p) => p.get('limit') === '100' && p.get('category') === 'men')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Journals' })).toBeInTheDocument();
    expect(screen.getByText('Showing 25 to 36 of 60 items')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 5' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('page=4'));
    await userEvent.click(screen.getByRole('button', { name: 'Journals' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/products?category=men&page=1&parentCategory=Journals',
      ),
    );
  });

  it('featured=true asks only for featured products; accessories sends the filter list', async () => {
    const seen: URLSearchParams[] = [];
    server.use(listHandler(3, seen));
    renderWithProviders(<ProductsRoute />, { route: '/products?featured=true' });
    expect(await screen.findByRole('heading', { name: 'Featured Products' })).toBeInTheDocument();
    expect(seen.find((p) => p.get('limit') === '12')?.get('featured')).toBe('true');
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it('error state with Try Again', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/products`, ({ request }) => {
        if (fail && new URL(request.url).searchParams.get('limit') === '12')
          return HttpResponse.json({ error: 'down' }, { status: 500 });
        return listResponse(request, 2);
      }),
    );
    renderWithProviders(<ProductsRoute />, { route: '/products' });
    expect(
      await screen.findByText('Failed to load products. Please try again.'),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Notebook 0' })).toBeInTheDocument();
  });

  it('empty state hides heading and filters; Clear Filters resets the query', async () => {
    server.use(listHandler(0));
    renderWithProviders(<ProductsRoute />, {
      route: '/products?category=ink&parentCategory=Bottles',
    });
    expect(
      await screen.findByText('No products found with the selected filters.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/products$/));
  });

  it("links the store's collections, marking the one shown", async () => {
    server.use(listHandler(5));
    renderWithProviders(<ProductsRoute />, { route: '/products?category=notebooks' });
    const nav = await screen.findByRole('navigation', { name: 'Collections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'All collections',
      ...storeInfoFixture.categories.map((c) => `${c} Collection`),
    ]);
    const current = within(nav).getByRole('link', { name: 'Notebooks Collection' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveAttribute('href', '/products?category=notebooks');
    expect(within(nav).getByRole('link', { name: 'All collections' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('offers the default collections when the store names none', async () => {
    server.use(
      listHandler(5),
      http.get(`${API}/storeInfo`, () =>
        HttpResponse.json({ ...storeInfoFixture, categories: [] }),
      ),
    );
    renderWithProviders(<ProductsRoute />, { route: '/products' });
    const nav = await screen.findByRole('navigation', { name: 'Collections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['All collections', "Men's Collection", "Women's Collection", 'Accessories']);
    expect(within(nav).getByRole('link', { name: 'All collections' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
