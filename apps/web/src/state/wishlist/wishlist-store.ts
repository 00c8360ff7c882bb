import { useSyncExternalStore } from 'react';
import { toast } from '@store/ui/toast';
import { readJson, writeJson } from '@/lib/storage';

/** What the wishlist keeps of a product: enough to show it and link to it. */
export interface WishlistItem {
  id: string;
  name: string;
  image: string;
  price: number;
}

export const WISHLIST_STORAGE_KEY = 'wishlist';
/** A wishlist is a shortlist; past this the oldest entries drop off. */
export const WISHLIST_MAX_ITEMS = 100;

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

let items: WishlistItem[] = [];
let loaded = false;
const listeners = new Set<() => void>();

function snapshot(): WishlistItem[] {
  if (!loaded) {
    items = sanitizeStoredWishlist(readJson<unknown>(WISHLIST_STORAGE_KEY, []));
    loaded = true;
  }
  return items;
}

function commit(next: WishlistItem[]): void {
  items = next;
  writeJson(WISHLIST_STORAGE_KEY, next);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // another tab changed it: read it again
  const onStorage = (event: StorageEvent) => {
    if (event.key !== WISHLIST_STORAGE_KEY && event.key !== null) return;
    loaded = false;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Adds the product, or removes it when it is already saved; answers whether it is saved now. */
export function toggleWishlistItem(item: WishlistItem): boolean {
  const current = snapshot();
  if (current.some((i) => i.id === item.id)) {
    commit(current.filter((i) => i.id !== item.id));
    return false;
  }
  commit([...current, item].slice(-WISHLIST_MAX_ITEMS));
  return true;
}

export function removeWishlistItem(id: string): void {
  commit(snapshot().filter((i) => i.id !== id));
}

/** Forgets what was read, so the next read comes from storage (tests, sign-out). */
export function reloadWishlist(): void {
  loaded = false;
  for (const listener of listeners) listener();
}

/** The saved products, newest last, kept in localStorage under `wishlist`. */
export function useWishlist(): WishlistItem[] {
  return useSyncExternalStore(subscribe, snapshot, () => []);
}

/** The heart on a product: saves or forgets it and says which. */
export function toggleWishlist(item: WishlistItem): void {
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
