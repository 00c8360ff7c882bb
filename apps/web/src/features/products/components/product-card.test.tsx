import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { stockAlertMessages } from '@store/contracts/stock';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import type { ProductView } from '../lib/product-view';
import { ProductCard } from './product-card';

const product = (overrides: Partial<ProductView> = {}): ProductView => ({
  id: 'p1',
  name: 'Spiral Notebook',
  description: '',
  price: 185,
  image: '/images/spiral.svg',
  images: ['/images/spiral.svg'],
  category: 'Diaries & Notebooks',
  parentCategory: null,
  sizes: [],
  colors: [],
  featured: false,
  attributes: [],
  availability: { status: 'in_stock', left: null },
  variants: [],
  ...overrides,
});

/** Answers Notify me as the server does, keeping each request sent. */
function serveStockAlerts() {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/products/:id/stock-alerts`, async ({ request, params }) => {
      sent.push({ id: params.id, body: await request.json() });
      return HttpResponse.json({ message: stockAlertMessages.saved }, { status: 202 });
    }),
  );
  return sent;
}

async function addFromCard(view: ProductView) {
  const onAddToCart = vi.fn();
  renderWithProviders(<ProductCard product={view} onAddToCart={onAddToCart} />);
  await userEvent.click(screen.getByRole('button', { name: 'Add Spiral Notebook to cart' }));
  return onAddToCart.mock.calls[0]![0];
}

describe('product card', () => {
  it('shows stars with their words only when the product has published reviews', () => {
    const { unmount } = renderWithProviders(
      <ProductCard
        product={product({ rating: { average: 4.5, count: 12 } })}
        onAddToCart={vi.fn()}
      />,
    );
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5, 12 reviews' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<ProductCard product={product()} onAddToCart={vi.fn()} />);
    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
  });

  it('adds quantity 1 with the only size and colour preselected', async () => {
    expect(await addFromCard(product({ sizes: ['One Size'], colors: ['Black'] }))).toEqual({
      id: 'p1',
      name: 'Spiral Notebook',
      image: '/images/spiral.svg',
      price: 185,
      quantity: 1,
      selectedSize: 'One Size',
      selectedColor: 'Black',
    });
  });

  it('leaves several sizes unchosen, handing the cart the list to ask from', async () => {
    const line = await addFromCard(product({ sizes: ['A4', 'A5'], colors: ['Blue', 'Green'] }));
    expect(line.selectedSize).toBeUndefined();
    expect(line.selectedColor).toBeUndefined();
    expect(line.sizeOptions).toEqual(['A4', 'A5']);
    expect(line.colorOptions).toEqual(['Blue', 'Green']);
  });

  it('shows the Sale badge and the struck-through price only below the original', () => {
    const { unmount } = renderWithProviders(
      <ProductCard product={product({ originalPrice: 220 })} onAddToCart={vi.fn()} />,
    );
    expect(screen.getByText('Sale')).toBeInTheDocument();
    expect(screen.getByText('₹220', { exact: false })).toBeInTheDocument();
    unmount();
    renderWithProviders(<ProductCard product={product()} onAddToCart={vi.fn()} />);
    expect(screen.queryByText('Sale')).not.toBeInTheDocument();
  });

  it('the heart saves and shows the saved state; Details links to the product', async () => {
    const toggled: ProductView[] = [];
    const view = product();
    function Hearted() {
      const [saved, setSaved] = useState(false);
      return (
        <ProductCard
          product={view}
          onAddToCart={vi.fn()}
          saved={saved}
          onToggleWishlist={(p) => {
            toggled.push(p);
            setSaved((s) => !s);
          }}
        />
      );
    }
    renderWithProviders(<Hearted />);
    const heart = screen.getByRole('button', { name: 'Save Spiral Notebook to wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(toggled).toEqual([view]);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Details of Spiral Notebook' })).toHaveAttribute(
      'href',
      '/product/p1',
    );
  });

  it('Quick view opens a dialog with price and options; its Add to Cart adds and closes it', async () => {
    const onAddToCart = vi.fn();
    renderWithProviders(
      <ProductCard
        product={product({ sizes: ['A4', 'A5'], originalPrice: 220, description: 'Ruled pages.' })}
        onAddToCart={onAddToCart}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Quick view Spiral Notebook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spiral Notebook' });
    expect(within(dialog).getByText('Ruled pages.')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'A4' })).not.toBeChecked();
    expect(within(dialog).getByText('₹185')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View full details' })).toHaveAttribute(
      'href',
      '/product/p1',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(onAddToCart).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'p1', quantity: 1, sizeOptions: ['A4', 'A5'] }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('renders an uploaded image as <picture> with AVIF then WebP sources sized for the grid', async () => {
    const srcset = {
      avif: '/media/i1/320.avif 320w, /media/i1/640.avif 640w',
      webp: '/media/i1/320.webp 320w, /media/i1/640.webp 640w',
    };
    const view = product({
      image: '/media/i1/640.webp',
      images: ['/media/i1/640.webp'],
      srcsets: { '/media/i1/640.webp': srcset },
    });
    const { container } = renderWithProviders(<ProductCard product={view} onAddToCart={vi.fn()} />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(
      sources.map((s) => [
        s.getAttribute('type'),
        s.getAttribute('srcset'),
        s.getAttribute('sizes'),
      ]),
    ).toEqual([
      ['image/avif', srcset.avif, '(max-width: 768px) 50vw, 25vw'],
      ['image/webp', srcset.webp, '(max-width: 768px) 50vw, 25vw'],
    ]);
    // the <img> stays the fallback, with its size, lazy loading and name
    const img = container.querySelector('picture > img')!;
    expect(img).toHaveAttribute('src', '/media/i1/640.webp');
    expect(img).toHaveAttribute('alt', 'Spiral Notebook');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('loading', 'lazy');
    // a rendition that fails to load: the sources are emptied so the fallback art can show
    fireEvent.error(img);
    expect(sources.map((s) => s.getAttribute('srcset'))).toEqual(['', '']);
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    await userEvent.click(screen.getByRole('button', { name: 'Quick view Spiral Notebook' }));
    const dialog = await screen.findByRole('dialog');
    const quick = [...dialog.querySelectorAll('picture > source')];
    expect(quick.map((s) => s.getAttribute('srcset'))).toEqual([srcset.avif, srcset.webp]);
    expect(dialog.querySelector('picture > img')).toHaveAttribute('alt', 'Spiral Notebook');
  });

  it('renders shipped art as a plain <img>, as before', () => {
    const { container } = renderWithProviders(
      <ProductCard product={product()} onAddToCart={vi.fn()} />,
    );
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', '/images/spiral.svg');
  });

  it('Quick view closes with Escape, and the focus is back on its button', async () => {
    renderWithProviders(<ProductCard product={product()} onAddToCart={vi.fn()} />);
    const opener = screen.getByRole('button', { name: 'Quick view Spiral Notebook' });
    await userEvent.click(opener);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('Quick view closed with its close button gives the focus back to its button', async () => {
    renderWithProviders(<ProductCard product={product()} onAddToCart={vi.fn()} />);
    const opener = screen.getByRole('button', { name: 'Quick view Spiral Notebook' });
    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Close quick view' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('a sold-out product says so and offers Notify me instead of Add to Cart, in the quick view', async () => {
    const sent = serveStockAlerts();
    const onAddToCart = vi.fn();
    renderWithProviders(
      <ProductCard
        product={product({ availability: { status: 'sold_out', left: null } })}
        onAddToCart={onAddToCart}
      />,
    );
    expect(
      screen.queryByRole('button', { name: 'Add Spiral Notebook to cart' }),
    ).not.toBeInTheDocument();
    const notify = screen.getByRole('button', { name: 'Notify me when Spiral Notebook is back' });
    expect(notify).toHaveAccessibleDescription('Sold out');
    await userEvent.click(notify);
    const dialog = await screen.findByRole('dialog', { name: 'Spiral Notebook' });
    expect(within(dialog).queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    await userEvent.type(
      await within(dialog).findByLabelText('E-mail me when it is back in stock'),
      'asha@example.in',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Notify me' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(stockAlertMessages.saved);
    expect(sent).toEqual([{ id: 'p1', body: { email: 'asha@example.in' } }]);
    expect(onAddToCart).not.toHaveBeenCalled();
  });

  it('low stock says "Only N left" and the line it adds carries what is left', async () => {
    const view = product({ availability: { status: 'low_stock', left: 3 } });
    const line = await addFromCard(view);
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
    expect(line).toMatchObject({ id: 'p1', quantity: 1, stockLeft: 3 });
  });

  it('plenty in stock shows no stock note', () => {
    renderWithProviders(<ProductCard product={product()} onAddToCart={vi.fn()} />);
    expect(screen.queryByText(/left|Sold out/)).not.toBeInTheDocument();
  });

  it('Quick view: the picked variant counts; a sold-out one offers Notify me for that size', async () => {
    const sent = serveStockAlerts();
    const onAddToCart = vi.fn();
    const inStock = { status: 'in_stock', left: null } as const;
    renderWithProviders(
      <ProductCard
        product={product({
          sizes: ['A4', 'A5'],
          variants: [
            { size: 'A4', color: null, availability: { status: 'sold_out', left: null } },
            { size: 'A5', color: null, availability: inStock },
          ],
        })}
        onAddToCart={onAddToCart}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Quick view Spiral Notebook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spiral Notebook' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'A4 (sold out)' }));
    expect(within(dialog).queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    const notify = within(dialog).getByRole('button', { name: 'Notify me' });
    expect(notify).toHaveAccessibleDescription('Sold out');
    await userEvent.click(notify);
    await userEvent.type(
      await within(dialog).findByLabelText('E-mail me when it is back in stock'),
      'asha@example.in',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Notify me' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(stockAlertMessages.saved);
    expect(sent).toEqual([{ id: 'p1', body: { email: 'asha@example.in', size: 'A4' } }]);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'A5' }));
    const add = within(dialog).getByRole('button', { name: 'Add to Cart' });
    await userEvent.click(add);
    expect(onAddToCart).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'p1', selectedSize: 'A5' }),
    );
  });

  it('Quick view from a sold-out card: a size is picked before Notify me', async () => {
    serveStockAlerts();
    const soldOut = { status: 'sold_out', left: null } as const;
    renderWithProviders(
      <ProductCard
        product={product({
          sizes: ['A4', 'A5'],
          availability: soldOut,
          variants: [
            { size: 'A4', color: null, availability: soldOut },
            { size: 'A5', color: null, availability: soldOut },
          ],
        })}
        onAddToCart={vi.fn()}
      />,
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Notify me when Spiral Notebook is back' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Spiral Notebook' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Notify me' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a size');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'A5 (sold out)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Notify me' }));
    expect(
      await within(dialog).findByLabelText('E-mail me when it is back in stock'),
    ).toBeInTheDocument();
  });
});
