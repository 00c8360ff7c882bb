import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productFixture } from '@/test/fixtures';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { RelatedProducts } from './related-products';

const related = ['Spiral Notebook', 'Linen Diary', 'Kraft Journal', 'Dot Grid Pad'].map(
  (title, i) => productFixture({ id: `rel-${i + 1}`, title }),
);

/** Serves the related products and records each request's path and query. */
function serveRelated(answer: () => Response) {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/products/:id/related`, ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
      return answer();
    }),
  );
  return asked;
}

const renderSection = () =>
  renderWithProviders(
    <main>
      <RelatedProducts productId="p-main" />
    </main>,
  );

describe('related products ("You may also like")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows up to four product cards that link to their pages', async () => {
    const asked = serveRelated(() => HttpResponse.json({ data: related }));
    renderSection();
    const list = await screen.findByRole('list', { name: 'Related products' });
    expect(screen.getByRole('heading', { name: 'You may also like' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).getByRole('link', { name: 'Kraft Journal' })).toHaveAttribute(
      'href',
      '/product/rel-3',
    );
    expect(asked).toEqual(['/api/v1/products/p-main/related?limit=4']);
  });

  it('is left out when the request fails (logged only) or finds nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    serveRelated(() => HttpResponse.json({ error: 'boom' }, { status: 500 }));
    const failed = renderSection();
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed to load related products', expect.anything()),
    );
    await waitFor(() => expect(screen.getByRole('main')).toBeEmptyDOMElement());
    expect(screen.queryByRole('heading', { name: 'You may also like' })).not.toBeInTheDocument();
    failed.unmount();
    error.mockRestore();

    serveRelated(() => HttpResponse.json({ data: [] }));
    renderSection();
    await waitFor(() => expect(screen.getByRole('main')).toBeEmptyDOMElement());
  });

  it('holds its place with card skeletons and fetches only when the shopper nears it', async () => {
    let reportNear: ((near: boolean) => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          reportNear = (near) => callback([{ isIntersecting: near }]);
        }
        observe() {}
        disconnect() {}
      },
    );
    const asked = serveRelated(() => HttpResponse.json({ data: related.slice(0, 2) }));
    renderSection();
    expect(screen.getByRole('heading', { name: 'You may also like' })).toBeInTheDocument();
    const loading = screen.getByRole('status', { name: 'Loading related products' });
    expect(within(loading).getAllByTestId('product-card-skeleton')).toHaveLength(4);
    act(() => reportNear?.(false));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toEqual([]);

    act(() => reportNear?.(true));
    const list = await screen.findByRole('list', { name: 'Related products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(asked).toHaveLength(1);
  });
});
