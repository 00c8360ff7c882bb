import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '@/lib/cookies';
import { renderWithProviders } from '@/test/render';
import { CART_STORAGE_KEY, type CartLine } from '@/state/cart/cart-reducer';
import { Component as CartRoute } from './cart-route';

const lines: CartLine[] = [
  { id: 'p1', name: 'Linen Diary', image: '', price: 250, quantity: 2, selectedSize: 'A5' },
  { id: 'p2', name: 'Blue Ink', image: '', price: 99.5, quantity: 1 },
];

const seed = () => localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));

describe('cart page', () => {
  it('empty state with Continue Shopping to /', () => {
    renderWithProviders(<CartRoute />, { route: '/cart' });
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('lists lines with totals and free shipping; quantity stops at 1; remove and clear', async () => {
    seed();
    renderWithProviders(<CartRoute />, { route: '/cart' });
    expect(screen.getByRole('link', { name: 'Linen Diary' })).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getAllByText('₹599.5')).toHaveLength(2);

    const blueInk = screen.getByRole('group', { name: 'Quantity of Blue Ink' });
    expect(blueInk.querySelector('button[aria-label="Decrease quantity"]')).toBeDisabled();
    await userEvent.click(screen.getAllByRole('button', { name: 'Decrease quantity' })[0]!);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)[0].quantity).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Blue Ink' }));
    expect(await screen.findByText('Removed from cart')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Blue Ink' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByText('Cart cleared')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toBeInTheDocument();
  });

  it('checkout without sign-in: Login Required toast and /login', async () => {
    seed();
    renderWithProviders(<CartRoute />, { route: '/cart' });
    await userEvent.click(screen.getByRole('button', { name: /Checkout/ }));
    expect(await screen.findByText('Login Required')).toBeInTheDocument();
    expect(screen.getByText('Please login to proceed with checkout')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it('checkout when signed in goes to /checkout', async () => {
    seed();
    setAuthToken('tok');
    renderWithProviders(<CartRoute />, { route: '/cart' });
    await userEvent.click(screen.getByRole('button', { name: /Checkout/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout'));
  });

  it('asks for the size and colour a card left open, and checks out only once they are chosen', async () => {
    const undecided: CartLine[] = [
      {
        id: 'p3',
        name: 'Spiral Notebook',
        image: '',
        price: 185,
        quantity: 1,
        sizeOptions: ['A4', 'A5'],
        colorOptions: ['Blue', 'Green'],
      },
      {
        id: 'p3',
        name: 'Spiral Notebook',
        image: '',
        price: 185,
        quantity: 2,
        selectedSize: 'A5',
        selectedColor: 'Blue',
      },
    ];
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(undecided));
    setAuthToken('tok');
    renderWithProviders(<CartRoute />, { route: '/cart' });

    await userEvent.click(screen.getByRole('button', { name: /Checkout/ }));
    expect(await screen.findByText('Choose your options')).toBeInTheDocument();
    expect(
      screen.getByText('Choose a size and colour for Spiral Notebook before checkout'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');

    await userEvent.selectOptions(screen.getByLabelText('Size for Spiral Notebook'), 'A5');
    expect(screen.getByText('Size: A5')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Colour for Spiral Notebook'), 'Blue');
    // now the same as the second line: one line of 3
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([
        expect.objectContaining({ selectedSize: 'A5', selectedColor: 'Blue', quantity: 3 }),
      ]),
    );
    expect(screen.queryByText('Needed before checkout')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Checkout/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout'));
  });
});
