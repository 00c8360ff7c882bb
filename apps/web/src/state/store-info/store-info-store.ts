import type { StoreInfo } from '@store/contracts/store';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { readSsrData } from '@/lib/ssr-data';

/**
 * The request's code (with the API client), loaded with the first load: a server-rendered page
 * brings the store information along and asks again only when a reload is asked for, so it does
 * not load this before the shopper does something (issue 25). A page the browser draws itself
 * fetches it at its start (app/start.tsx), beside the screen's code.
 */
export const loadStoreInfoRequest = () => import('./get-store-info');

const getStoreInfo = (signal: AbortSignal) =>
  loadStoreInfoRequest().then((module) => module.getStoreInfo(signal));

/**
 * Store information lives outside TanStack Query so that the entry chunk (navigation bar, page
 * head, failure toast) does not carry the query library: a small zustand store. It mirrors what the
 * query did: loaded once at startup, kept for the whole visit, retried once after a second, the
 * last data kept when a refresh fails.
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
  /** store information already at hand (a server-rendered page's): loaded, no request at start */
  initial?: StoreInfo;
}

export interface StoreInfoStore extends StoreApi<StoreInfoSnapshot> {
  /**
   * loads unless loaded or loading; called when the app mounts. `options` replace the store's own
   * for this and later loads (the app's tests turn retries off).
   */
  start: (options?: StoreInfoStoreOptions) => void;
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

export function createStoreInfoStore(options: StoreInfoStoreOptions = {}): StoreInfoStore {
  let settings = { retries: 1, retryDelayMs: 1000, load: getStoreInfo, ...options };
  const store = createStore<StoreInfoSnapshot>()(() => ({
    storeInfo: options.initial,
    status: options.initial ? 'success' : 'pending',
  }));
  let inFlight: AbortController | undefined;

  async function loadWithRetries(signal: AbortSignal): Promise<StoreInfo> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await settings.load(signal);
      } catch (error) {
        if (signal.aborted || attempt >= settings.retries) throw error;
        await wait(settings.retryDelayMs, signal);
      }
    }
  }

  function fetchNow(): Promise<StoreInfo | undefined> {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    return loadWithRetries(controller.signal).then(
      (storeInfo) => {
        if (controller.signal.aborted) return store.getState().storeInfo;
        inFlight = undefined;
        store.setState({ storeInfo, status: 'success' });
        return storeInfo;
      },
      () => {
        if (controller.signal.aborted) return store.getState().storeInfo;
        inFlight = undefined;
        store.setState({ status: 'error' });
        return store.getState().storeInfo;
      },
    );
  }

  return {
    ...store,
    start(startOptions) {
      settings = { ...settings, ...startOptions };
      if (store.getState().status === 'pending' && !inFlight) void fetchNow();
    },
    refresh: fetchNow,
    stop() {
      inFlight?.abort();
      inFlight = undefined;
    },
  };
}

/**
 * The app's store information (spec section 1), started by the app shell. A server-rendered page
 * brings it along, so the first render (and hydration) shows the name the server's HTML has.
 */
export const storeInfoStore = createStoreInfoStore({ initial: readSsrData().storeInfo });
