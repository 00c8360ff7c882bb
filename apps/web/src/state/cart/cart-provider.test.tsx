import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
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
