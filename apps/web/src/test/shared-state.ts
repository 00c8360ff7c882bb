import { useCartStore } from '@/state/cart/cart-store';
import { followAuthCookie } from '@/state/session/session-store';
import { useWishlistStore } from '@/state/wishlist/wishlist-store';

/**
 * The shared stores live as long as a test file, as they live for a whole visit in the browser. This
 * starts them over as a page load would: cart and wishlist from what localStorage holds now, the
 * session from the cookie.
 */
export function reloadSharedState(): void {
  // synchronous storage: both have re-read it when this returns
  void useCartStore.persist.rehydrate();
  void useWishlistStore.persist.rehydrate();
  followAuthCookie();
}
