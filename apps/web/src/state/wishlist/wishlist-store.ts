import { toast } from '@store/ui/toast';
import { createLocalListStore } from '../local-list-store';
import {
  sanitizeStoredWishlist,
  toggledWishlist,
  WISHLIST_STORAGE_KEY,
  type WishlistItem,
} from './wishlist-rules';

/** The saved products, newest last, kept in localStorage under `wishlist` and shared by every tab. */
export const useWishlistStore = createLocalListStore(WISHLIST_STORAGE_KEY, sanitizeStoredWishlist);

/** Adds the product, or removes it when it is already saved; answers whether it is saved now. */
export function toggleWishlistItem(item: WishlistItem): boolean {
  const { items } = useWishlistStore.getState();
  useWishlistStore.setState({ items: toggledWishlist(items, item) });
  return !items.some((i) => i.id === item.id);
}

export function removeWishlistItem(id: string): void {
  useWishlistStore.setState((state) => ({ items: state.items.filter((i) => i.id !== id) }));
}

/** The saved products, newest last. */
export function useWishlist(): WishlistItem[] {
  return useWishlistStore((state) => state.items);
}

/** The heart on a product: saves or forgets it and says which. */
function toggleWishlist(item: WishlistItem): void {
  const saved = toggleWishlistItem(item);
  if (saved) toast.success('Added to wishlist', { description: item.name });
  else toast('Removed from wishlist', { description: item.name });
}

/** For screens that show product cards: which are saved, and the heart's action. */
export function useWishlistHearts(): {
  isSaved: (id: string) => boolean;
  toggle: (product: WishlistItem) => void;
} {
  const saved = useWishlist();
  return {
    isSaved: (id) => saved.some((item) => item.id === id),
    // only what the wishlist shows is kept, whatever else the caller's product carries
    toggle: ({ id, name, image, price }) => toggleWishlist({ id, name, image, price }),
  };
}
