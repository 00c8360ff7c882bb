import { create } from 'zustand';
import { persist, type PersistStorage } from 'zustand/middleware';
import { onOtherTabWrite, readJson, writeJson } from '@/lib/storage';

export interface ListState<T> {
  items: T[];
}

/**
 * persist's storage for a list kept the way the store saved it before zustand: the bare JSON array
 * under its key (`cart` is `[…lines]`, spec section 4), not persist's `{ state, version }`. Carts and
 * wishlists saved by earlier builds load as they are, so there is no version to migrate: an old or
 * odd value is read through `sanitize`, which is where a future change of format would be handled.
 */
function bareListStorage<T>(sanitize: (raw: unknown) => T[]): PersistStorage<ListState<T>> {
  return {
    // Always a state, even for an empty or missing key: a rehydrate after another tab emptied the
    // list must empty it here too (persist keeps the current state when getItem gives null).
    getItem: (key) => ({ state: { items: sanitize(readJson<unknown>(key, [])) } }),
    setItem: (key, { state }) => writeJson(key, state.items),
    // Only persist's clearStorage() calls this (nothing in the app does); an empty list reads back
    // the same as no key.
    removeItem: (key) => writeJson(key, []),
  };
}

/**
 * The shared shape of the stored lists (cart, wishlist): one zustand store, saved to localStorage
 * under `key` on every change, read at startup, and read again when another tab writes the key, so
 * every tab shows the same list. Whatever storage holds goes through `sanitize` first.
 */
export function createLocalListStore<T>(key: string, sanitize: (raw: unknown) => T[]) {
  const store = create<ListState<T>>()(
    persist<ListState<T>>(() => ({ items: [] }), { name: key, storage: bareListStorage(sanitize) }),
  );
  // The storage is synchronous, so this rehydrate has finished when it returns.
  onOtherTabWrite(key, () => void store.persist.rehydrate());
  return store;
}
