import { WISHLIST_MAX_ITEMS } from '@store/contracts/limits';

/** What the wishlist keeps of a product: enough to show it and link to it. */
export interface WishlistItem {
  id: string;
  name: string;
  image: string;
  price: number;
}

export const WISHLIST_STORAGE_KEY = 'wishlist';

/** Entries written by an older build or edited by hand are dropped, not trusted. */
export function sanitizeStoredWishlist(raw: unknown): WishlistItem[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const items: WishlistItem[] = [];
  for (const entry of raw as Partial<WishlistItem>[]) {
    if (
      !entry ||
      typeof entry.id !== 'string' ||
      !entry.id ||
      typeof entry.name !== 'string' ||
      typeof entry.image !== 'string' ||
      typeof entry.price !== 'number' ||
      !Number.isFinite(entry.price) ||
      seen.has(entry.id)
    ) {
      continue;
    }
    seen.add(entry.id);
    items.push({ id: entry.id, name: entry.name, image: entry.image, price: entry.price });
  }
  return items.slice(-WISHLIST_MAX_ITEMS);
}

/** The list with the item added (newest last, the oldest dropping off past the limit), or taken out when it was saved. */
export function toggledWishlist(
  items: readonly WishlistItem[],
  item: WishlistItem,
): WishlistItem[] {
  if (items.some((i) => i.id === item.id)) return items.filter((i) => i.id !== item.id);
  return [...items, item].slice(-WISHLIST_MAX_ITEMS);
}
