import { http, HttpResponse } from 'msw';
import type {
  CartLineView,
  ListAvailability,
  WishlistItemView,
} from '@store/contracts/account-lists';
import {
  applyCartChanges,
  applyWishlistChanges,
  type CartChange,
  type StoredCartLine,
  type WishlistChange,
} from '@store/contracts/list-changes';
import { API, server } from './msw-server';

/** A product as the mocked server knows it. */
export interface FakeProduct {
  title: string;
  price: number;
  availability?: ListAvailability;
  sizes?: string[];
}

/**
 * The account's cart and wishlist endpoints and the visitor's checks, answered from memory by the
 * contract's rules (contracts' list-changes.ts), as apps/server keeps them. `hold` makes the next
 * change wait until the test lets it go (a slow network while the shopper keeps tapping).
 */
export function fakeAccountLists(catalogue: Record<string, FakeProduct>) {
  const state = {
    cart: [] as StoredCartLine[],
    wishlist: [] as string[],
    version: 0,
    cartChanges: [] as CartChange[][],
    wishlistChanges: [] as WishlistChange[][],
    reads: 0,
    hold: null as Promise<void> | null,
  };
  const availability = (id: string): ListAvailability =>
    catalogue[id]?.availability ?? { status: 'in_stock', left: null };
  const lineView = (l: StoredCartLine): CartLineView => ({
    ...l,
    title: catalogue[l.productId]?.title ?? '',
    image: '',
    price: catalogue[l.productId]?.price ?? 0,
    sizeOptions: catalogue[l.productId]?.sizes ?? [],
    colorOptions: [],
    availability: catalogue[l.productId]
      ? availability(l.productId)
      : { status: 'unavailable', left: null },
  });
  const itemView = (productId: string): WishlistItemView => ({
    productId,
    title: catalogue[productId]?.title ?? '',
    image: '',
    price: catalogue[productId]?.price ?? 0,
    availability: catalogue[productId]
      ? availability(productId)
      : { status: 'unavailable', left: null },
  });
  const cart = () =>
    HttpResponse.json({ data: { version: state.version, lines: state.cart.map(lineView) } });
  const wishlist = () => HttpResponse.json({ data: { items: state.wishlist.map(itemView) } });
  server.use(
    http.get(`${API}/account/cart`, () => {
      state.reads++;
      return cart();
    }),
    http.post(`${API}/account/cart/changes`, async ({ request }) => {
      const { changes } = (await request.json()) as { changes: CartChange[] };
      state.cartChanges.push(changes);
      const hold = state.hold;
      state.hold = null;
      if (hold) await hold;
      state.cart = applyCartChanges(state.cart, changes);
      state.version++;
      return cart();
    }),
    http.get(`${API}/account/wishlist`, () => wishlist()),
    http.post(`${API}/account/wishlist/changes`, async ({ request }) => {
      const { changes } = (await request.json()) as { changes: WishlistChange[] };
      state.wishlistChanges.push(changes);
      state.wishlist = applyWishlistChanges(state.wishlist, changes);
      return wishlist();
    }),
    http.post(`${API}/cart/check`, async ({ request }) => {
      const { lines } = (await request.json()) as { lines: StoredCartLine[] };
      return HttpResponse.json({ data: lines.map(lineView) });
    }),
    http.post(`${API}/wishlist/check`, async ({ request }) => {
      const { productIds } = (await request.json()) as { productIds: string[] };
      return HttpResponse.json({ data: productIds.map(itemView) });
    }),
  );
  return state;
}
