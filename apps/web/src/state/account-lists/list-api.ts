import type { AccountCart, CartLineView, WishlistItemView } from '@store/contracts/account-lists';
import type { CartChange, StoredCartLine, WishlistChange } from '@store/contracts/list-changes';
import { apiRequest } from '@/lib/api-client';

// The endpoints of the cart and wishlist kept on the server (docs/decisions/server-carts.md): the
// signed-in shopper's under /account, and the checks of a visitor's lists.

export const getAccountCart = async (): Promise<AccountCart> =>
  (await apiRequest<{ data: AccountCart }>('/account/cart')).data;

export const postCartChanges = async (changes: CartChange[]): Promise<AccountCart> =>
  (
    await apiRequest<{ data: AccountCart }>('/account/cart/changes', {
      method: 'POST',
      body: { changes },
    })
  ).data;

export const getAccountWishlist = async (): Promise<WishlistItemView[]> =>
  (await apiRequest<{ data: { items: WishlistItemView[] } }>('/account/wishlist')).data.items;

export const postWishlistChanges = async (changes: WishlistChange[]): Promise<WishlistItemView[]> =>
  (
    await apiRequest<{ data: { items: WishlistItemView[] } }>('/account/wishlist/changes', {
      method: 'POST',
      body: { changes },
    })
  ).data.items;

export const checkCartLines = async (lines: StoredCartLine[]): Promise<CartLineView[]> =>
  (await apiRequest<{ data: CartLineView[] }>('/cart/check', { method: 'POST', body: { lines } }))
    .data;

export const checkWishlist = async (productIds: string[]): Promise<WishlistItemView[]> =>
  (
    await apiRequest<{ data: WishlistItemView[] }>('/wishlist/check', {
      method: 'POST',
      body: { productIds },
    })
  ).data;
