import {
  LIST_CHECK_MAX,
  applyCartChanges,
  applyWishlistChanges,
  cartLineKey,
  diffCart,
  diffWishlist,
  LIST_CHANGES_MAX,
  LIST_PRODUCT_ID_MAX,
  type CartChange,
  type StoredCartLine,
  type WishlistChange,
} from '@store/contracts/list-changes';
import type { CartLineView, WishlistItemView } from '@store/contracts/account-lists';
import { getAuthToken } from '@/lib/cookies';
import { readJson, writeJson } from '@/lib/storage';
import type { CartLine } from '@/lib/cart-line';
import { CART_STORAGE_KEY, sanitizeStoredCart } from '../cart/cart-reducer';
import { useCartStore } from '../cart/cart-store';
import {
  sanitizeStoredWishlist,
  WISHLIST_STORAGE_KEY,
  type WishlistItem,
} from '../wishlist/wishlist-rules';
import { useWishlistStore } from '../wishlist/wishlist-store';
import {
  getAccountCart,
  checkCartLines,
  checkWishlist,
  getAccountWishlist,
  postCartChanges,
  postWishlistChanges,
} from './list-api';
import {
  cartChecksOf,
  checkedCart,
  itemFromView,
  lineFromView,
  lineKeyOf,
  recordCartChecks,
  recordWishlistChecks,
  sendable,
  storedLine,
} from './list-views';

/*
 * A signed-in shopper's cart and wishlist follow the account (docs/decisions/server-carts.md). The
 * lists stay where the screens read them (the zustand stores over localStorage, as for a
 * visitor); this module, loaded only for a signed-in shopper and after the page is idle, keeps
 * them in step with the server:
 * - each list remembers, under `<list>-synced`, what the server last answered (the base) and for
 *   which sign-in; what differs from it now is what this browser changed, sent as idempotent
 *   changes (contracts' list-changes.ts), and the answer becomes the list;
 * - without a base for this sign-in (the first sync after signing in) every line is a merge: the
 *   visitor's cart joins the account's, the larger quantity winning;
 * - a change is sent 300 ms after it is made; the server's lists are read at the start, when the
 *   tab comes back into view (at most every 10 s), every 2 minutes while it is in view, and on
 *   each view of the cart or the wishlist.
 * Tabs of one browser share the base and the lists (localStorage) and take turns through a Web
 * Lock, so one tab's request is not sent again by another; sent twice, it would change nothing.
 */

/** Where each list remembers what the server last answered, and for which sign-in. */
export const CART_BASE_KEY = 'cart-synced';
export const WISHLIST_BASE_KEY = 'wishlist-synced';

const CHANGE_DELAY_MS = 300;
const FOCUS_PULL_MIN_MS = 10_000;
const PULL_EVERY_MS = 2 * 60_000;

interface Base<T> {
  /** which sign-in the base is of (a fingerprint of its token, never the token) */
  account: string;
  items: T[];
}

/** FNV-1a of the token: tells sign-ins apart without keeping the token in localStorage. */
function accountOf(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

function readBase<T>(
  key: string,
  account: string,
  valid: (item: unknown) => item is T,
): T[] | null {
  const stored = readJson<Partial<Base<unknown>> | null>(key, null);
  if (!stored || stored.account !== account || !Array.isArray(stored.items)) return null;
  return stored.items.filter(valid);
}

const isStoredLine = (v: unknown): v is StoredCartLine => {
  const l = v as Partial<StoredCartLine> | null;
  return (
    !!l &&
    typeof l.productId === 'string' &&
    typeof l.size === 'string' &&
    typeof l.color === 'string' &&
    typeof l.quantity === 'number'
  );
};
const isString = (v: unknown): v is string => typeof v === 'string';

const MISSING = Symbol('missing');

/**
 * A list as this browser holds it now: from localStorage, which every tab writes at once (this
 * tab's store may not have heard of another tab's write yet), or the store when storage is off.
 */
function current<T>(key: string, sanitize: (raw: unknown) => T[], fallback: () => T[]): T[] {
  const raw = readJson<unknown>(key, MISSING);
  return raw === MISSING ? fallback() : sanitize(raw);
}
const localCart = () =>
  current(CART_STORAGE_KEY, sanitizeStoredCart, () => useCartStore.getState().items);
const localWishlist = () =>
  current(WISHLIST_STORAGE_KEY, sanitizeStoredWishlist, () => useWishlistStore.getState().items);

/** One sync of a list at a time: across this browser's tabs (Web Locks), and within this tab. */
const queues = new Map<string, Promise<unknown>>();
function exclusive(name: string, run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const turn = async (): Promise<void> => {
    if (locks) await locks.request(name, run);
    else await run();
  };
  const next = (queues.get(name) ?? Promise.resolve()).then(turn, turn);
  queues.set(name, next);
  return next;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What keeps one list in step: where it lives here, how it changes, how the server answers. */
interface ListSync<Item, Stored, Change, View> {
  lock: string;
  baseKey: string;
  isStored: (value: unknown) => value is Stored;
  /** the list as this browser holds it now */
  local: () => Item[];
  /** what of it the server takes */
  sendable: (items: readonly Item[]) => Stored[];
  diff: (base: readonly Stored[] | null, local: readonly Stored[]) => Change[];
  apply: (stored: readonly Stored[], changes: readonly Change[]) => Stored[];
  read: () => Promise<View[]>;
  send: (changes: Change[]) => Promise<View[]>;
  storedOf: (view: View) => Stored;
  /** the list to show: `stored` with the server's views, else what this browser `known` */
  shown: (stored: Stored[], views: View[], known: Item[], now: Item[]) => Item[];
  /** records what the views say of each (status, a changed price) for the pages */
  record: (views: View[], known: Item[]) => void;
  store: { getState: () => { items: Item[] }; setState: (state: { items: Item[] }) => void };
}

/**
 * Sends what this browser changed in a list since the server's last answer (nothing: only when
 * `pull`, a read) and makes the answer the list, with whatever changed here meanwhile on top.
 */
function syncList<Item, Stored, Change, View>(
  list: ListSync<Item, Stored, Change, View>,
  pull: boolean,
): Promise<void> {
  const token = getAuthToken();
  if (!token) return Promise.resolve();
  const account = accountOf(token);
  return exclusive(list.lock, async () => {
    for (let round = 0; round < 3; round++) {
      if (getAuthToken() !== token) return;
      const sent = list.local();
      const changes = list.diff(
        readBase(list.baseKey, account, list.isStored),
        list.sendable(sent),
      );
      if (changes.length === 0 && !pull) return;
      pull = false;
      let answer = changes.length === 0 ? await list.read() : undefined;
      for (let i = 0; i < changes.length; i += LIST_CHANGES_MAX)
        answer = await list.send(changes.slice(i, i + LIST_CHANGES_MAX));
      // signed out (or in as someone else) meanwhile: this answer is not this browser's any more
      if (!answer || getAuthToken() !== token) return;
      const server = answer.map(list.storedOf);
      // the base first: another tab that hears of the new list finds nothing left to send
      writeJson(list.baseKey, { account, items: server } satisfies Base<Stored>);
      const now = list.local();
      const pending = list.diff(list.sendable(sent), list.sendable(now));
      const next = list.shown(list.apply(server, pending), answer, [...sent, ...now], now);
      list.record(answer, [...sent, ...now]);
      if (!same(next, list.store.getState().items)) list.store.setState({ items: next });
      if (pending.length === 0) return;
    }
  });
}

const cartSync: ListSync<CartLine, StoredCartLine, CartChange, CartLineView> = {
  lock: 'store:cart-sync',
  baseKey: CART_BASE_KEY,
  isStored: isStoredLine,
  local: localCart,
  sendable: (lines) => lines.filter(sendable).map(storedLine),
  diff: diffCart,
  apply: applyCartChanges,
  read: async () => (await getAccountCart()).lines,
  send: async (changes) => (await postCartChanges(changes)).lines,
  storedOf: ({ productId, size, color, quantity }) => ({ productId, size, color, quantity }),
  shown: (stored, views, known, now) => {
    const viewOf = new Map(views.map((v) => [cartLineKey(v), v]));
    const knownOf = new Map(known.map((l) => [lineKeyOf(l), l]));
    const lines: CartLine[] = stored.map((l) => {
      const key = cartLineKey(l);
      const view = viewOf.get(key);
      const mine = knownOf.get(key);
      return view ? lineFromView(view, mine, l.quantity) : { ...mine!, quantity: l.quantity };
    });
    // lines the server would not take stay in this browser
    return [...lines, ...now.filter((l) => !sendable(l))];
  },
  record: (views, known) => recordCartChecks(cartChecksOf(views, known)),
  store: useCartStore,
};

const validId = (id: string) => id.length > 0 && id.length <= LIST_PRODUCT_ID_MAX;

const wishlistSync: ListSync<WishlistItem, string, WishlistChange, WishlistItemView> = {
  lock: 'store:wishlist-sync',
  baseKey: WISHLIST_BASE_KEY,
  isStored: isString,
  local: localWishlist,
  sendable: (items) => items.map((i) => i.id).filter(validId),
  diff: diffWishlist,
  apply: applyWishlistChanges,
  read: getAccountWishlist,
  send: postWishlistChanges,
  storedOf: (view) => view.productId,
  shown: (ids, views, known) => {
    const viewOf = new Map(views.map((v) => [v.productId, v]));
    const knownOf = new Map(known.map((i) => [i.id, i]));
    return ids.flatMap((id) => {
      const view = viewOf.get(id);
      const mine = knownOf.get(id);
      return view ? [itemFromView(view, mine)] : mine ? [mine] : [];
    });
  },
  record: recordWishlistChecks,
  store: useWishlistStore,
};

/** Sends this browser's changes to the cart and makes the server's answer the cart. */
export const syncCart = (pull: boolean): Promise<void> => syncList(cartSync, pull);

/** The wishlist's counterpart of syncCart. */
export const syncWishlist = (pull: boolean): Promise<void> => syncList(wishlistSync, pull);

let running = 0;

/** Whether the account's lists are being kept in step (a signed-in shopper's page, past idle). */
export const isAccountSyncRunning = (): boolean => running > 0;

/** Reads both lists from the server now (a view of the cart or wishlist asks for it). */
export function pullAccountLists(): Promise<void> {
  return Promise.all([syncCart(true), syncWishlist(true)]).then(() => undefined);
}

/**
 * Keeps the signed-in shopper's lists in step with the server until the returned function is
 * called (signed out). A failed request (offline) changes nothing here: the next change, focus or
 * return online sends it again.
 */
export function startAccountSync(): () => void {
  running++;
  const quietly = (sync: Promise<void>) =>
    void sync.catch((error: unknown) => console.warn('[store] keeping the lists in step', error));
  const syncAll = (pull: boolean) => {
    quietly(syncCart(pull));
    quietly(syncWishlist(pull));
  };
  let lastPull = Date.now();
  const pull = () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastPull < FOCUS_PULL_MIN_MS) return;
    lastPull = Date.now();
    syncAll(true);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => syncAll(false), CHANGE_DELAY_MS);
  };
  const online = () => syncAll(false);
  const stops = [
    useCartStore.subscribe((state, previous) => state.items !== previous.items && changed()),
    useWishlistStore.subscribe((state, previous) => state.items !== previous.items && changed()),
  ];
  window.addEventListener('focus', pull);
  document.addEventListener('visibilitychange', pull);
  window.addEventListener('online', online);
  const interval = setInterval(pull, PULL_EVERY_MS);
  syncAll(true);
  return () => {
    running--;
    for (const stop of stops) stop();
    clearTimeout(timer);
    clearInterval(interval);
    window.removeEventListener('focus', pull);
    document.removeEventListener('visibilitychange', pull);
    window.removeEventListener('online', online);
  };
}

/*
 * Every view of the cart and the wishlist checks them against the catalogue (price, stock, still
 * on sale). A signed-in shopper's lists come from the server re-checked; a visitor's are sent to
 * be checked, and only the products' details change here, never what the visitor chose. A check
 * that fails (offline) leaves the list as it was.
 */

/** The cart page's check. */
export async function refreshCart(): Promise<void> {
  // signed in: the account's cart (its sync starts once the page is idle and reads it then)
  if (getAuthToken()) {
    if (isAccountSyncRunning()) await syncCart(true);
    return;
  }
  const lines = useCartStore.getState().items.filter(sendable).slice(0, LIST_CHECK_MAX);
  if (lines.length === 0) return;
  const views = await checkCartLines(lines.map(storedLine));
  // signed in meanwhile: the account's cart takes over
  if (getAuthToken()) return;
  const { items } = useCartStore.getState();
  const next = checkedCart(items, views);
  if (JSON.stringify(next) !== JSON.stringify(items)) useCartStore.setState({ items: next });
}

/** The wishlist page's check. */
export async function refreshWishlist(): Promise<void> {
  if (getAuthToken()) {
    if (isAccountSyncRunning()) await syncWishlist(true);
    return;
  }
  const ids = useWishlistStore
    .getState()
    .items.map((i) => i.id)
    .filter((id) => id.length <= LIST_PRODUCT_ID_MAX);
  if (ids.length === 0) return;
  const views = await checkWishlist(ids);
  if (getAuthToken()) return;
  const { items } = useWishlistStore.getState();
  const byId = new Map(views.map((v) => [v.productId, v]));
  const next = items.map((item) => {
    const view = byId.get(item.id);
    return view ? itemFromView(view, item) : item;
  });
  recordWishlistChecks(views, items);
  if (JSON.stringify(next) !== JSON.stringify(items)) useWishlistStore.setState({ items: next });
}
