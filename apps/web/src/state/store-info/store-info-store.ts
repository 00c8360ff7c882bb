import type { StoreInfo } from '@store/contracts/store';
import { getStoreInfo } from './get-store-info';

/**
 * Store information lives outside TanStack Query so that the entry chunk (navigation bar, page
 * head, failure toast) does not carry the query library: a small external store read with
 * `useSyncExternalStore`. It mirrors what the query did: loaded once at startup, kept for the whole
 * visit, retried once after a second, the last data kept when a refresh fails.
 */
export interface StoreInfoSnapshot {
  storeInfo: StoreInfo | undefined;
  status: 'pending' | 'success' | 'error';
}

export interface StoreInfoStoreOptions {
  /** retries after a failed load (default 1, as the query client's default) */
  retries?: number;
  /** delay before a retry in ms (default 1000, TanStack Query's first retry delay) */
  retryDelayMs?: number;
  load?: (signal: AbortSignal) => Promise<StoreInfo>;
}

export interface StoreInfoStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => StoreInfoSnapshot;
  /** loads unless loaded or loading; called when the app mounts */
  start: () => void;
  /** reloads now (cancelling a load in flight); resolves with the data, never rejects */
  refresh: () => Promise<StoreInfo | undefined>;
  /** cancels a load in flight and a pending retry (the app unmounts) */
  stop: () => void;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

export function createStoreInfoStore({
  retries = 1,
  retryDelayMs = 1000,
  load = getStoreInfo,
}: StoreInfoStoreOptions = {}): StoreInfoStore {
  let snapshot: StoreInfoSnapshot = { storeInfo: undefined, status: 'pending' };
  const listeners = new Set<() => void>();
  let inFlight:
    { controller: AbortController; promise: Promise<StoreInfo | undefined> } | undefined;

  const set = (next: StoreInfoSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  async function loadWithRetries(signal: AbortSignal): Promise<StoreInfo> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await load(signal);
      } catch (error) {
        if (signal.aborted || attempt >= retries) throw error;
        await wait(retryDelayMs, signal);
      }
    }
  }

  function fetchNow(): Promise<StoreInfo | undefined> {
    inFlight?.controller.abort();
    const controller = new AbortController();
    const promise = loadWithRetries(controller.signal).then(
      (storeInfo) => {
        if (controller.signal.aborted) return snapshot.storeInfo;
        inFlight = undefined;
        set({ storeInfo, status: 'success' });
        return storeInfo;
      },
      () => {
        if (controller.signal.aborted) return snapshot.storeInfo;
        inFlight = undefined;
        set({ storeInfo: snapshot.storeInfo, status: 'error' });
        return snapshot.storeInfo;
      },
    );
    inFlight = { controller, promise };
    return promise;
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    start() {
      if (snapshot.status === 'pending' && !inFlight) void fetchNow();
    },
    refresh: fetchNow,
    stop() {
      inFlight?.controller.abort();
      inFlight = undefined;
    },
  };
}
