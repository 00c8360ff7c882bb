import { toast } from '@store/ui/toast';
import { clearAuthToken, setAuthToken } from '@/lib/cookies';
import { writeJson } from '@/lib/storage';
import { CART_BASE_KEY, WISHLIST_BASE_KEY } from '../account-lists/account-sync';
import { useCartStore } from '../cart/cart-store';
import { useWishlistStore } from '../wishlist/wishlist-store';
import { follow, tellOtherTabs } from './session-store';

// This tab's own sign-in and sign-out, apart from the session store: only the sign-in and account
// screens do them, so a visitor's first pages load none of it, nor the lists' sync it comes with
// (docs/decisions/server-carts.md).

/** store the token cookie (30 days) and remember the email */
export function login(email: string, token: string): void {
  setAuthToken(token);
  follow(token, { email });
  tellOtherTabs();
}

/**
 * What signing out leaves on this device: nothing of the account's. The cart and the wishlist
 * were the account's (kept on its server) and come back with the next sign-in; a shared computer
 * shows the next person an empty cart. The lists' sync bases (state/account-lists) go too.
 */
function forgetAccountLists(): void {
  useCartStore.setState({ items: [] });
  useWishlistStore.setState({ items: [] });
  writeJson(CART_BASE_KEY, null);
  writeJson(WISHLIST_BASE_KEY, null);
}

/** delete the cookie, forget user data and the account's lists, toast the result */
export function logout(): void {
  try {
    clearAuthToken();
    follow(undefined, null);
    forgetAccountLists();
    tellOtherTabs();
    toast.success('You have been logged out successfully.');
  } catch (error) {
    console.error(error);
    toast.error('Failed to log out properly.');
  }
}
