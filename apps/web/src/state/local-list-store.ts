import { create } from 'zustand';
import { onOtherTabWrite, readJson, writeJson } from '@/lib/storage';

export interface ListState<T> {
  items: T[];
}

/**
 * The shared shape of the stored lists (cart, wishlist): one zustand store, read from localStorage
 * at startup, written back under `key` on every change, and read again when another tab writes the
 * key, so every tab shows the same list.
 *
 * Saved as the bare JSON array the store has always written (`cart` is `[…lines]`, spec section 4),
 * so carts and wishlists saved by earlier builds load as they are; whatever storage holds goes
 * through `sanitize` first, which is where a future change of format would be handled. zustand's
 * `persist` middleware would do the same three things with versioning, merging and async storage
 * this list does not need, at about 0.8 KB gzip on the home page's entry chunk
 * (docs/decisions/web-shared-state-zustand.md).
 */
export function createLocalListStore<T>(key: string, sanitize: (raw: unknown) => T[]) {
  const read = (): ListState<T> => ({ items: sanitize(readJson<unknown>(key, [])) });
  // Created empty, then filled from storage: the empty list is zustand's initial state, which is what
  // a server-rendered page shows and what React hydrates against (useSyncExternalStore's server
  // snapshot); the stored list follows as an ordinary update right after hydration.
  const store = create<ListState<T>>()(() => ({ items: [] }));
  // An empty stored list leaves the initial state as it is: a new empty list would re-render every
  // screen that reads the list right after hydration, for nothing (most visitors have none).
  const stored = read();
  if (stored.items.length > 0) store.setState(stored);
  // Only real changes are written: a re-read after another tab's write is not echoed back.
  let rereading = false;
  store.subscribe((state, previous) => {
    if (!rereading && state.items !== previous.items) writeJson(key, state.items);
  });
  /** Reads the list again from storage (another tab wrote it, or a test starts a page over). */
  const reread = () => {
    rereading = true;
    try {
      store.setState(read());
    } finally {
      rereading = false;
    }
  };
  onOtherTabWrite(key, reread);
  return Object.assign(store, { reread });
}
