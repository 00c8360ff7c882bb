import type { StoreInfo } from '@store/contracts/store';

/**
 * What a server-rendered page hands the browser besides its HTML: the store information and the
 * TanStack Query cache the server filled (a dehydrated state). It travels in
 * `<script type="application/json" id="ssr-data">`: a data block, not a script, so the strict CSP
 * (script-src 'self', no inline script) holds without a nonce.
 */
export const SSR_DATA_ELEMENT_ID = 'ssr-data';

/**
 * The client chunks of the lazily loaded code a server-rendered page showed (its route), as a JSON
 * list of URLs the entry preloads once the page has painted (main.tsx).
 */
export const SSR_PRELOAD_ELEMENT_ID = 'ssr-preload';

/** What #ssr-preload names (apps/server web-render.ts): the app's chunks and the page's. */
export interface SsrPreloads {
  app: string[];
  page: string[];
}

/**
 * Fired on window (once per page load that matters) when a screen has rendered or hydrated: from
 * then on the page answers taps. `<html data-interactive>` says the same to whoever asks later.
 */
export const INTERACTIVE_EVENT = 'store:interactive';

/**
 * What the browser logs (console.error) before each error React recovered from while hydrating: a
 * mismatch between the server's HTML and the first render. The journeys fail on it.
 */
export const RECOVERABLE_ERROR_PREFIX = '[store] React recovered from a hydration error:';

export interface SsrData {
  storeInfo?: StoreInfo;
  /** TanStack Query's DehydratedState (kept opaque here so the entry does not import the library) */
  queries?: unknown;
}

let data: SsrData | undefined;

/** The page's server data; `{}` for a client-rendered page (and on the server itself). */
export function readSsrData(): SsrData {
  if (data) return data;
  if (typeof document === 'undefined') return {};
  const text = document.getElementById(SSR_DATA_ELEMENT_ID)?.textContent;
  try {
    data = text ? (JSON.parse(text) as SsrData) : {};
  } catch {
    data = {};
  }
  return data;
}
