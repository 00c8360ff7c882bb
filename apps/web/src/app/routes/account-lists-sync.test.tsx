import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Component as CartRoute } from './cart-route';
import { Component as WishlistRoute } from './wishlist-route';
import { AUTH_CLEARED_EVENT } from '@/lib/cookies';
import { setAuthToken } from '@/lib/cookies';
import { fakeAccountLists, type FakeProduct } from '@/test/account-lists-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { CART_BASE_KEY } from '@/state/account-lists/account-sync';
import { CART_STORAGE_KEY, type CartLine } from '@/state/cart/cart-reducer';
import { addItem } from '@/state/cart/cart-store';
import { logout } from '@/state/session/sign-in-out';
import { WISHLIST_STORAGE_KEY } from '@/state/wishlist/wishlist-rules';
import { toggleWishlistItem } from '@/state/wishlist/wishlist-store';

const catalogue: Record<string, FakeProduct> = {
  diary: { title: 'Linen Diary', price: 450 },
  ink: { title: 'Blue Ink', price: 99 },
  pen: { title: 'Fountain Pen', price: 1200 },
  card: { title: 'Greeting Card', price: 60 },
};
const line = (id: string, quantity = 1): CartLine => ({
  id,
  name: catalogue[id]!.title,
  image: '',
  price: catalogue[id]!.price,
  quantity,
});
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null');
const storedCart = () =>
  (stored(CART_STORAGE_KEY) as CartLine[]).map((l) => [l.id, l.quantity] as const);

/** This browser's cart before the page loads, and a signed-in shopper's cookie. */
function signedInWith(cart: CartLine[]) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  setAuthToken('token-of-asha');
}

const openCart = () =>
  renderWithProviders(<CartRoute />, { route: '/cart', syncAccountLists: true });

/** The number the line's stepper shows (read as "Quantity 2"). */
const quantityOf = (name: string) =>
  within(screen.getByRole('group', { name: `Quantity of ${name}` }))
    .getByText(/^\d+$/)
    .textContent?.replace(/^Quantity /, '');

describe("a signed-in shopper's cart, kept with the account", () => {
  it('joins the visitor cart of this browser to the account’s on sign-in: the larger quantity of a line both hold', async () => {
    const api = fakeAccountLists(catalogue);
    api.cart = [
      { productId: 'ink', size: '', color: '', quantity: 3 },
      { productId: 'pen', size: '', color: '', quantity: 1 },
    ];
    signedInWith([line('diary', 2), line('ink', 1)]);
    openCart();

    expect(await screen.findByRole('link', { name: 'Fountain Pen' })).toBeInTheDocument();
    expect(quantityOf('Linen Diary')).toBe('2');
    expect(quantityOf('Blue Ink')).toBe('3');
    // merges, nothing removed: the account kept what it had
    expect(api.cartChanges[0]).toEqual([
      { op: 'merge', productId: 'diary', size: '', color: '', quantity: 2 },
      { op: 'merge', productId: 'ink', size: '', color: '', quantity: 1 },
    ]);
    expect(api.cart.map((l) => [l.productId, l.quantity])).toEqual([
      ['ink', 3],
      ['pen', 1],
      ['diary', 2],
    ]);
    expect(storedCart()).toEqual([
      ['ink', 3],
      ['pen', 1],
      ['diary', 2],
    ]);
  });

  it('sends each change made here, and shows what another device changed on the next view', async () => {
    const api = fakeAccountLists(catalogue);
    signedInWith([line('diary'), line('ink')]);
    const view = openCart();
    await waitFor(() => expect(api.cart).toHaveLength(2));

    await userEvent.click(screen.getByRole('button', { name: 'Remove Blue Ink' }));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Quantity of Linen Diary' })).getByRole('button', {
        name: 'Increase quantity',
      }),
    );
    await waitFor(() =>
      expect(api.cart).toEqual([{ productId: 'diary', size: '', color: '', quantity: 2 }]),
    );

    // the phone adds a pen; the laptop opens the cart again
    api.cart.push({ productId: 'pen', size: '', color: '', quantity: 1 });
    view.unmount();
    openCart();
    expect(await screen.findByRole('link', { name: 'Fountain Pen' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Blue Ink' })).not.toBeInTheDocument();
  });

  it('does not lose a tap made while a change is on its way: it goes on top of the answer', async () => {
    const api = fakeAccountLists(catalogue);
    signedInWith([]);
    openCart();
    await waitFor(() => expect(api.reads).toBe(1));

    let release!: () => void;
    api.hold = new Promise((resolve) => (release = resolve));
    act(() => addItem(line('diary')));
    await waitFor(() => expect(api.cartChanges).toHaveLength(1));
    // another device adds ink meanwhile; this one adds a pen before the diary's answer is back
    api.cart.push({ productId: 'ink', size: '', color: '', quantity: 1 });
    act(() => addItem(line('pen')));
    release();

    await waitFor(() => expect(api.cart.map((l) => l.productId)).toEqual(['ink', 'diary', 'pen']));
    await waitFor(() =>
      expect(storedCart()).toEqual([
        ['ink', 1],
        ['diary', 1],
        ['pen', 1],
      ]),
    );
    expect(screen.getByRole('link', { name: 'Blue Ink' })).toBeInTheDocument();
  });

  it('shows a new price and a product no longer sold, and will not check out with it', async () => {
    const api = fakeAccountLists({ ...catalogue, diary: { title: 'Linen Diary', price: 399 } });
    api.cart = [
      { productId: 'diary', size: '', color: '', quantity: 1 },
      { productId: 'gone', size: '', color: '', quantity: 1 },
    ];
    signedInWith([line('diary'), { ...line('ink'), id: 'gone', name: 'Old Calendar' }]);
    openCart();

    expect(await screen.findByText('Price changed from ₹450')).toBeInTheDocument();
    expect(screen.getAllByText('₹399 each')).toHaveLength(1);
    expect(screen.getByTestId('unavailable-line')).toHaveTextContent(
      'No longer available: remove it to place your order',
    );
    // the deleted product keeps the name this browser knew
    expect(screen.getByRole('link', { name: 'Old Calendar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Checkout/ }));
    await expectToast('Old Calendar is no longer sold: remove it to place your order', {
      title: 'No longer available',
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
  });

  it('signing out empties this device’s lists; the account keeps them', async () => {
    const api = fakeAccountLists(catalogue);
    signedInWith([line('diary')]);
    localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify([{ ...line('pen'), id: 'pen' }]));
    openCart();
    await waitFor(() => expect(api.cart).toHaveLength(1));
    await waitFor(() => expect(api.wishlist).toEqual(['pen']));

    act(() => logout());
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(stored(CART_STORAGE_KEY)).toEqual([]);
    expect(stored(WISHLIST_STORAGE_KEY)).toEqual([]);
    expect(stored(CART_BASE_KEY)).toBeNull();
    expect(api.cart).toHaveLength(1);
    expect(api.wishlist).toEqual(['pen']);
  });

  it('a session that ended (401) leaves the lists here, as a visitor’s', async () => {
    const api = fakeAccountLists(catalogue);
    signedInWith([line('diary')]);
    openCart();
    await waitFor(() => expect(api.cart).toHaveLength(1));
    act(() => {
      document.cookie = 'auth_token=; Max-Age=0; Path=/';
      window.dispatchEvent(new Event(AUTH_CLEARED_EVENT));
    });
    expect(screen.getByRole('link', { name: 'Linen Diary' })).toBeInTheDocument();
    expect(storedCart()).toEqual([['diary', 1]]);
  });
});

describe("a signed-in shopper's wishlist", () => {
  it('joins this browser’s, follows the account, and says so', async () => {
    const api = fakeAccountLists({
      ...catalogue,
      card: { title: 'Greeting Card', price: 60, availability: { status: 'sold_out', left: null } },
    });
    api.wishlist = ['card'];
    setAuthToken('token-of-asha');
    localStorage.setItem(
      WISHLIST_STORAGE_KEY,
      JSON.stringify([{ id: 'pen', name: 'Fountain Pen', image: '', price: 1200 }]),
    );
    renderWithProviders(<WishlistRoute />, { route: '/wishlist', syncAccountLists: true });

    expect(await screen.findByRole('link', { name: 'Greeting Card' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fountain Pen' })).toBeInTheDocument();
    expect(
      screen.getByText(/2 products saved to your account, on every device you sign in on\./),
    ).toBeInTheDocument();
    expect(await screen.findByText('Sold out')).toBeInTheDocument();
    expect(api.wishlist).toEqual(['card', 'pen']);

    act(() => {
      toggleWishlistItem({ id: 'card', name: 'Greeting Card', image: '', price: 60 });
    });
    await waitFor(() => expect(api.wishlist).toEqual(['pen']));
  });
});

describe("a visitor's lists", () => {
  it('are checked on each view: a new price, sold out, no longer sold; the visitor’s choices stay', async () => {
    fakeAccountLists({
      diary: { title: 'Linen Diary', price: 420 },
      ink: { title: 'Blue Ink', price: 99, availability: { status: 'sold_out', left: null } },
    });
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([line('diary', 2), line('ink', 2), { ...line('pen'), name: 'Fountain Pen' }]),
    );
    renderWithProviders(<CartRoute />, { route: '/cart' });

    expect(await screen.findByText('Price changed from ₹450')).toBeInTheDocument();
    expect(quantityOf('Linen Diary')).toBe('2');
    expect(screen.getByTestId('short-line')).toHaveTextContent(
      'Sold out: remove it to place your order',
    );
    expect(screen.getByTestId('unavailable-line')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fountain Pen' })).toBeInTheDocument();
  });

  it('the wishlist says it is kept in this browser', async () => {
    fakeAccountLists(catalogue);
    localStorage.setItem(
      WISHLIST_STORAGE_KEY,
      JSON.stringify([{ id: 'pen', name: 'Fountain Pen', image: '', price: 1000 }]),
    );
    renderWithProviders(<WishlistRoute />, { route: '/wishlist' });
    expect(screen.getByText(/1 product saved in this browser\./)).toBeInTheDocument();
    expect(await screen.findByText('Price changed from ₹1,000')).toBeInTheDocument();
    expect(screen.getByText('₹1,200')).toBeInTheDocument();
  });
});
