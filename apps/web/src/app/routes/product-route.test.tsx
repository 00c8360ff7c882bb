import { screen, waitFor } from '@testing-library/react';
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

function serve(p: object | null) {
  server.use(
    http.get(`${API}/products/:id`, () =>
      p ? HttpResponse.json(p) : HttpResponse.json({ error: 'Product not found' }, { status: 404 }),
    ),
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
    const add = screen.getByRole('button', { name: /Add to Cart/ });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Sold out');

    await userEvent.click(screen.getByRole('radio', { name: 'A5' }));
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
    spy.mockRestore();
  });
});
