import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { productFixture } from '@/test/fixtures';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { WISHLIST_STORAGE_KEY } from '@/state/wishlist/wishlist-rules';
import { reloadSharedState } from '@/test/shared-state';
import { Component as ProductRoute } from './product-route';

const product = productFixture({
  id: 'abcdef1234567890',
  title: 'Linen Diary',
  regularPrice: 123456.5,
  discountedPrice: null,
  attributes: [
    { key: 'Size', value: ['A4', 'A5'] },
    { key: 'Color', value: ['Red', 'Blue'] },
    { key: 'Pages', value: ['192'] },
    { key: 'Seller Phone', value: ['99999'] },
  ],
});

function serve(p: object | null, related: object[] = []) {
  server.use(
    http.get(`${API}/products/:id`, () =>
      p ? HttpResponse.json(p) : HttpResponse.json({ error: 'Product not found' }, { status: 404 }),
    ),
    http.get(`${API}/products/:id/related`, () => HttpResponse.json({ data: related })),
  );
}

const render = (id = product.id) =>
  renderWithProviders(<ProductRoute />, { route: `/product/${id}`, path: '/product/:id' });

describe('product detail', () => {
  it('shows the product, 8-char id badge, INR price and specs without phone keys', async () => {
    serve(product);
    render();
    expect(await screen.findByRole('heading', { name: 'Linen Diary' })).toBeInTheDocument();
    expect(screen.getByText('Product ID: abcdef12')).toBeInTheDocument();
    expect(screen.getByText('₹1,23,456.5')).toBeInTheDocument();
    expect(screen.getByText('Pages')).toBeInTheDocument();
    expect(screen.queryByText('Seller Phone')).not.toBeInTheDocument();
    // the tab says which product this is, as the server's head does (packages/contracts page-title)
    await waitFor(() => expect(document.title).toBe('Linen Diary | Paper Trail'));
  });

  it('shows an uploaded image as <picture> sized for half the page, thumbnails at their width', async () => {
    const srcset = (id: string) => ({
      avif: `/media/${id}/320.avif 320w, /media/${id}/640.avif 640w`,
      webp: `/media/${id}/320.webp 320w, /media/${id}/640.webp 640w`,
    });
    serve({
      ...product,
      imgUrl: '/media/i1/640.webp',
      imgSrcset: srcset('i1'),
      images: [
        { url: '/media/i1/640.webp', srcset: srcset('i1') },
        { url: '/media/i2/640.webp', srcset: srcset('i2') },
        { url: '/images/shipped.svg' },
      ],
    });
    const { container } = render();
    await screen.findByRole('heading', { name: 'Linen Diary' });
    const main = container.querySelector('picture')!;
    expect(main.querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      srcset('i1').avif,
    );
    expect(main.querySelector('source[type="image/webp"]')).toHaveAttribute(
      'sizes',
      '(max-width: 768px) 100vw, 50vw',
    );
    expect(main.querySelector('img')).toHaveAttribute('alt', 'Linen Diary');
    const thumbs = screen.getByRole('list', { name: 'Product images' });
    expect(thumbs.querySelectorAll('picture')).toHaveLength(2);
    expect(thumbs.querySelector('source')).toHaveAttribute('sizes', '72px');

    await userEvent.click(screen.getByRole('button', { name: 'Show image 2' }));
    expect(container.querySelector('picture source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      srcset('i2').avif,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show image 3' }));
    // shipped art: the main image is a plain <img> again
    const first = container.querySelector('img')!;
    expect(first.parentElement?.tagName).not.toBe('PICTURE');
    expect(first).toHaveAttribute('src', '/images/shipped.svg');
  });

  it('requires a size, then adds to the cart and goes to /cart', async () => {
    serve(product);
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Add to Cart/ }));
    expect(
      await screen.findByText('You must select a size before adding to cart'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Please select a size').length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/product/${product.id}`),
    );

    await userEvent.click(screen.getByRole('radio', { name: 'A5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([
      expect.objectContaining({ id: product.id, quantity: 2, selectedSize: 'A5', price: 123456.5 }),
    ]);
  });

  it('a sold-out size is marked and cannot be added; a low one stops the stepper at what is left', async () => {
    serve({
      ...product,
      attributes: [{ key: 'Size', value: ['A4', 'A5'] }],
      availability: { status: 'low_stock', left: 2 },
      variants: [
        { size: 'A4', color: null, availability: { status: 'sold_out', left: null } },
        { size: 'A5', color: null, availability: { status: 'low_stock', left: 2 } },
      ],
    });
    render();
    await userEvent.click(await screen.findByRole('radio', { name: 'A4 (sold out)' }));
    // no Add to Cart for a sold-out size: Notify me takes its place
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notify me' })).toHaveAccessibleDescription(
      'Sold out',
    );

    await userEvent.click(screen.getByRole('radio', { name: 'A5' }));
    const add = screen.getByRole('button', { name: /Add to Cart/ });
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'Increase quantity' });
    await userEvent.click(more);
    expect(more).toBeDisabled();
    await userEvent.click(add);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([
      expect.objectContaining({ selectedSize: 'A5', quantity: 2, stockLeft: 2 }),
    ]);
  });

  it('preselects One Size; quantity never goes below 1', async () => {
    serve({ ...product, attributes: [{ key: 'sizes', value: ['One Size'] }] });
    render();
    expect(await screen.findByRole('radio', { name: 'One Size' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });

  it('Wishlist saves the product in the browser and a second press forgets it', async () => {
    localStorage.clear();
    reloadSharedState();
    serve(product);
    render();
    const button = await screen.findByRole('button', { name: 'Wishlist' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await expectToast('Added to wishlist', { type: 'success' });
    expect(JSON.parse(localStorage.getItem(WISHLIST_STORAGE_KEY)!)).toEqual([
      { id: product.id, name: 'Linen Diary', image: expect.any(String), price: 123456.5 },
    ]);
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(JSON.parse(localStorage.getItem(WISHLIST_STORAGE_KEY)!)).toEqual([]);
  });

  it('shows where the product sits (breadcrumbs) and what else to look at', async () => {
    serve({ ...product, category: 'Diaries & Notebooks', parentCategory: 'Paper Goods' }, [
      productFixture({ id: 'rel-1', title: 'Kraft Journal' }),
    ]);
    render();
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Paper Goods', 'Diaries & Notebooks', 'Linen Diary']);
    const related = await screen.findByRole('list', { name: 'Related products' });
    expect(within(related).getByRole('link', { name: 'Kraft Journal' })).toHaveAttribute(
      'href',
      '/product/rel-1',
    );
  });

  it('says beside the price whether the chosen colour is in stock, low or sold out', async () => {
    serve({
      ...product,
      attributes: [{ key: 'Color', value: ['Red', 'Blue', 'Green'] }],
      availability: { status: 'low_stock', left: 3 },
      variants: [
        { size: null, color: 'Red', availability: { status: 'sold_out', left: null } },
        { size: null, color: 'Blue', availability: { status: 'low_stock', left: 3 } },
        { size: null, color: 'Green', availability: { status: 'in_stock', left: null } },
      ],
    });
    render();
    const line = async () => (await screen.findByTestId('delivery-line')).previousElementSibling;
    expect(await line()).toHaveTextContent('Only 3 left');
    await userEvent.click(screen.getByRole('radio', { name: 'Green' }));
    expect(await line()).toHaveTextContent('In stock');
    await userEvent.click(screen.getByRole('radio', { name: 'Red (sold out)' }));
    expect(await line()).toHaveTextContent('Sold out');
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notify me' })).toHaveAccessibleDescription(
      'Sold out',
    );
  });

  it('without a checked PIN the delivery line leads to Check delivery; once checked it gives the date', async () => {
    serve(product);
    render();
    const user = userEvent.setup();
    const prompt = await screen.findByRole('button', {
      name: 'Check the delivery date for your PIN code',
    });
    // the Check delivery box's code loads on its own (in a browser the server's HTML has the box)
    const pin = await screen.findByLabelText('PIN code');
    await user.click(prompt);
    expect(pin).toHaveFocus();
    await user.type(pin, '560038');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    // the line's answer for a remembered PIN loads its code once there is one
    await waitFor(() =>
      expect(screen.getByTestId('delivery-line')).toHaveTextContent(
        'Delivery by Thu, 27 Nov – Tue, 2 Dec to 560038',
      ),
    );
  });

  it('gives the delivery date at once for the PIN checked on an earlier visit', async () => {
    localStorage.setItem('store:delivery-pin', JSON.stringify('110001'));
    serve(product);
    render();
    await screen.findByRole('heading', { name: 'Linen Diary' });
    await waitFor(() =>
      expect(screen.getByTestId('delivery-line')).toHaveTextContent(
        'Delivery by Thu, 27 Nov – Tue, 2 Dec to 110001',
      ),
    );
  });

  it('not found view links to /products', async () => {
    serve(null);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    render('missing');
    expect(await screen.findByRole('heading', { name: 'Product Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/Failed to load product details/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute(
      'href',
      '/products',
    );
    await waitFor(() => expect(document.title).toBe('Page not found | Paper Trail'));
    // an unknown product is an answer, not a fault: no stack in the server render's log
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('a failure other than not found is still logged', async () => {
    server.use(
      http.get(`${API}/products/:id`, () =>
        HttpResponse.json({ error: 'Internal Server Error' }, { status: 500 }),
      ),
    );
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    render('broken');
    expect(await screen.findByRole('heading', { name: 'Product Not Found' })).toBeInTheDocument();
    expect(spy).toHaveBeenCalledWith('Failed to load product', expect.anything());
    spy.mockRestore();
  });
});
