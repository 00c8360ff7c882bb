import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
  ...overrides,
});

async function addFromCard(view: ProductView) {
  const onAddToCart = vi.fn();
  renderWithProviders(<ProductCard product={view} onAddToCart={onAddToCart} />);
  await userEvent.click(screen.getByRole('button', { name: 'Add Spiral Notebook to cart' }));
  return onAddToCart.mock.calls[0]![0];
}

describe('product card', () => {
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
});
