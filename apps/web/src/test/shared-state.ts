import { useListChecks } from '@/state/account-lists/list-views';
import { useCartStore } from '@/state/cart/cart-store';
import { followAuthCookie } from '@/state/session/session-store';
import { storeInfoStore } from '@/state/store-info/store-info-store';
import { useWishlistStore } from '@/state/wishlist/wishlist-store';

/**
 * The shared stores live as long as a test file, as they live for a whole visit in the browser. This
 * starts them over as a page load would: cart and wishlist from what localStorage holds now, the
 * session from the cookie, store info not loaded yet (the shell loads it when it mounts).
 */
export function reloadSharedState(): void {
  useCartStore.reread();
  useWishlistStore.reread();
  followAuthCookie();
  storeInfoStore.stop();
  storeInfoStore.setState(storeInfoStore.getInitialState(), true);
  // what the last checks of the lists found is for one visit
  useListChecks.setState(useListChecks.getInitialState(), true);
}
