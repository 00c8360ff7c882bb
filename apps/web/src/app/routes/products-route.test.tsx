import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductFacets } from '@store/contracts/products';
import { productFixture, storeInfoFixture } from '@/test/fixtures';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { Component as ProductsRoute } from './products-route';

/** A screen as wide as a laptop's: the filters column shows (Tailwind's md). */
function onWideScreen() {
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    ...matchMedia(query),
    matches: query === '(min-width: 48rem)',
  }));
}

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

function facets(over: Partial<ProductFacets> = {}): ProductFacets {
  return {
    total: 60,
    categories: [
      { value: 'Pens & Writing', count: 7 },
      { value: 'Notebooks', count: 20 },
    ],
    parentCategories: [
      { value: 'Planners', count: 30 },
      { value: 'Journals', count: 30 },
    ],
    prices: [
      { min: 0, max: 200, count: 10 },
      { min: 200, max: 500, count: 25 },
      { min: 500, max: 1000, count: 20 },
      { min: 1000, max: null, count: 5 },
    ],
    sizes: [{ value: 'A5', count: 12 }],
    colors: [
      { value: 'Black', count: 4 },
      { value: 'Navy Blue', count: 3 },
    ],
    attributes: [
      {
        key: 'Paper Weight',
        metricUnit: 'GSM',
        values: [{ value: '70', count: 9 }],
      },
    ],
    inStock: 51,
    ...over,
  };
}

const facetsHandler = (body: ProductFacets = facets(), seen: URLSearchParams[] = []) =>
  http.get(`${API}/products/facets`, ({ request }) => {
    seen.push(new URL(request.url).searchParams);
    return HttpResponse.json(body);
  });

describe('products page', () => {
  beforeEach(() => server.use(facetsHandler()));

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
    await waitFor(() => expect(document.title).toBe("Men's Ethnic Wear, page 3 | Paper Trail"));
    const list = seen.find((p) => p.get('limit') === '12')!;
    expect(Object.fromEntries(list)).toMatchObject({
      page: '3',
      limit: '12',
      category: 'men',
      gender: 'Men',
    });
    // the parent-category chips come from the facets, not from a fetch of 100 products
    expect(seen.some((p) => p.get('limit') === '100')).toBe(false);
    expect(await screen.findByRole('button', { name: 'Journals' })).toBeInTheDocument();
    // the pagination's code loads on its own (below the fold on a phone)
    expect(await screen.findByText('Showing 25 to 36 of 60 items')).toBeInTheDocument();
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
  }, 12_000);

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

describe('products page: search, sort and filters', () => {
  it('a search shows its words, the corrected words, and sends q to both calls', async () => {
    const seen: URLSearchParams[] = [];
    const facetsSeen: URLSearchParams[] = [];
    server.use(
      facetsHandler(facets(), facetsSeen),
      http.get(`${API}/products`, ({ request }) => {
        seen.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          data: [productFixture({ id: 'fp1', title: 'Classic Fountain Pen' })],
          pagination: { total: 1, page: 1, limit: 12, totalPages: 1 },
          correctedQuery: 'fountain pen',
        });
      }),
    );
    renderWithProviders(<ProductsRoute />, { route: '/products?q=fountian%20pen' });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Results for \u201cfountian pen\u201d',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing results for “fountain pen”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Classic Fountain Pen' })).toBeInTheDocument();
    expect(seen[0]?.get('q')).toBe('fountian pen');
    expect(facetsSeen[0]?.get('q')).toBe('fountian pen');
    // relevance is the default with a search, and offered
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
  });

  it('sort: relevance only with a search; a choice goes to the URL and back to page 1', async () => {
    const seen: URLSearchParams[] = [];
    server.use(listHandler(60, seen));
    renderWithProviders(<ProductsRoute />, { route: '/products?category=notebooks&page=3' });
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Price: low to high', 'Price: high to low', 'Newest']);
    expect(sort).toHaveValue('newest');
    await userEvent.selectOptions(sort, 'Price: low to high');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/products?category=notebooks&page=1&sort=price_asc',
      ),
    );
    await waitFor(() => expect(seen.at(-1)?.get('sort')).toBe('price_asc'));
  });

  afterEach(() => vi.restoreAllMocks());

  it('draws the filters column on a wide screen only: a phone has them in the sheet', async () => {
    server.use(listHandler(60), facetsHandler(facets()));
    renderWithProviders(<ProductsRoute />, { route: '/products' });
    const column = await screen.findByRole('complementary', { name: 'Filters' });
    expect(await screen.findByRole('button', { name: 'Planners' })).toBeInTheDocument();
    expect(within(column).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('shows each filter with its count; a choice writes the URL and the chips undo it', async () => {
    onWideScreen();
    const seen: URLSearchParams[] = [];
    const facetsSeen: URLSearchParams[] = [];
    server.use(listHandler(60, seen), facetsHandler(facets(), facetsSeen));
    renderWithProviders(<ProductsRoute />, { route: '/products?page=2' });
    const panel = await screen.findByRole('complementary', { name: 'Filters' });
    expect(await within(panel).findByRole('radio', { name: '₹200 – ₹500 (25)' })).toBeVisible();
    expect(within(panel).getByRole('radio', { name: 'Pens & Writing (7)' })).toBeInTheDocument();
    expect(within(panel).getByRole('checkbox', { name: 'A5 (12)' })).toBeInTheDocument();
    expect(within(panel).getByRole('checkbox', { name: '70 GSM (9)' })).toBeInTheDocument();
    expect(within(panel).getByRole('checkbox', { name: 'In stock only (51)' })).toBeInTheDocument();
    // one facets call for every count, and the parent-category chips from it
    expect(facetsSeen).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Planners' })).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Navy Blue (3)' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/products?page=1&color=Navy+Blue'),
    );
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Black (4)' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'In stock only (51)' }));
    await userEvent.click(within(panel).getByRole('radio', { name: '₹200 – ₹500 (25)' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: '70 GSM (9)' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/products?page=1&color=Navy+Blue&color=Black&inStock=true&minPrice=200&maxPrice=500&attr=Paper+Weight%3A70',
      ),
    );
    await waitFor(() => expect(seen.at(-1)?.getAll('color')).toEqual(['Navy Blue', 'Black']));
    expect(Object.fromEntries(seen.at(-1)!)).toMatchObject({
      inStock: 'true',
      minPrice: '200',
      maxPrice: '500',
      attr: 'Paper Weight:70',
    });
    expect(facetsSeen.at(-1)?.getAll('color')).toEqual(['Navy Blue', 'Black']);

    // the chips' code loads once a filter is on
    const chips = await screen.findByRole('list', { name: 'Chosen filters' });
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter Navy Blue' }));
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('Navy'));
    expect(screen.getByTestId('location')).toHaveTextContent('color=Black');
    // the removed chip's button is gone: focus goes to the chip that took its place, not the body
    await waitFor(() =>
      expect(within(chips).getByRole('button', { name: 'Remove filter Black' })).toHaveFocus(),
    );
    await userEvent.click(within(chips).getByRole('button', { name: 'Clear all' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/products\?page=1$/),
    );
    // no chip left: the listing's heading
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  }, 12_000);

  it('the phone Filters button opens the same panel in a sheet, with how many products match', async () => {
    server.use(listHandler(60), facetsHandler(facets({ total: 42 })));
    renderWithProviders(<ProductsRoute />, { route: '/products' });
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' }, { timeout: 5000 });
    await userEvent.click(within(sheet).getByRole('checkbox', { name: 'A5 (12)' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/products?size=A5&page=1'),
    );
    await userEvent.click(within(sheet).getByRole('button', { name: 'Show 42 products' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // focus is back where the shopper was, not lost at the top of the page
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filters (1)' })).toHaveFocus());
  });

  it('a page past the end keeps the heading and filters and links to the last page', async () => {
    server.use(
      http.get(`${API}/products`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json({
          data: page <= 3 ? many(12) : [],
          pagination: { total: 30, page, limit: 12, totalPages: 3 },
        });
      }),
    );
    renderWithProviders(<ProductsRoute />, { route: '/products?category=notebooks&page=7' });
    expect(
      await screen.findByText('There is no page 7: these results end on page 3.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Notebooks' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Filters' })).toBeInTheDocument();
    expect(
      screen.queryByText('No products found with the selected filters.'),
    ).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to page 3' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/products?category=notebooks&page=3',
      ),
    );
    expect(await screen.findByRole('link', { name: 'Notebook 0' })).toBeInTheDocument();
  });

  it('an empty search is the spec empty state', async () => {
    server.use(listHandler(0), facetsHandler(facets({ total: 0 })));
    renderWithProviders(<ProductsRoute />, { route: '/products?q=zzzz' });
    expect(
      await screen.findByText('No products found with the selected filters.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/products$/));
  });
});
