import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeFromOtherTab } from '@/test/other-tab';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { CART_STORAGE_KEY, type CartLine } from './cart-reducer';
import { useCart } from './use-cart';

const line: CartLine = {
  id: 'p1',
  name: 'Spiral Notebook',
  image: '',
  price: 185,
  quantity: 1,
  selectedSize: 'A5',
};

function AddButton() {
  const { addItem, itemCount } = useCart();
  return (
    <button type="button" onClick={() => addItem(line)}>
      Add ({itemCount})
    </button>
  );
}

describe('cart toasts', () => {
  beforeEach(() => localStorage.clear());

  it('says Added to cart, then Cart updated for the same line', async () => {
    renderWithProviders(<AddButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Add (0)' }));
    await expectToast('Spiral Notebook', { title: 'Added to cart', type: 'success' });
    await userEvent.click(screen.getByRole('button', { name: 'Add (1)' }));
    await expectToast('Spiral Notebook quantity increased.', { title: 'Cart updated' });
    expect(screen.getByRole('button', { name: 'Add (2)' })).toBeInTheDocument();
  });

  it('at the per-order limit adds nothing and says so', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...line, quantity: 99 }]));
    renderWithProviders(<AddButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Add (99)' }));
    await expectToast('One order takes at most 99 of Spiral Notebook.', {
      title: 'Cart not updated',
      type: 'warning',
    });
    expect(screen.getByRole('button', { name: 'Add (99)' })).toBeInTheDocument();
  });
});

describe('cart in two tabs', () => {
  beforeEach(() => localStorage.clear());

  it('shows what another tab put in the cart, and that tab emptying it', () => {
    renderWithProviders(<AddButton />);
    expect(screen.getByRole('button', { name: 'Add (0)' })).toBeInTheDocument();
    writeFromOtherTab(CART_STORAGE_KEY, [{ ...line, quantity: 3 }]);
    expect(screen.getByRole('button', { name: 'Add (3)' })).toBeInTheDocument();
    writeFromOtherTab(CART_STORAGE_KEY, []);
    expect(screen.getByRole('button', { name: 'Add (0)' })).toBeInTheDocument();
  });

  it("adding here after another tab's change keeps that tab's lines", async () => {
    renderWithProviders(<AddButton />);
    const ink: CartLine = { id: 'p2', name: 'Ink Bottle', image: '', price: 99, quantity: 2 };
    writeFromOtherTab(CART_STORAGE_KEY, [ink]);
    await userEvent.click(screen.getByRole('button', { name: 'Add (2)' }));
    expect(screen.getByRole('button', { name: 'Add (3)' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([ink, line]);
  });
});
