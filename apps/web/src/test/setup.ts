import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';

// The toaster loads sonner with the first toast (packages/ui toast.tsx); loaded here once, so a
// test's first toast does not wait for the module to be transformed.
await import('sonner');
// The same for the code a screen loads only when it needs it: the requests (with the API client)
// of the product reads and the store information, which a server-rendered page loads at the first
// tap (app/start.tsx) and a test's screen with its first query; the parts drawn only in some states.
await Promise.all([
  import('@/features/products/api/requests'),
  import('@/state/store-info/get-store-info'),
  import('@/features/products/components/listing-notices'),
  import('@/features/products/components/product-not-found'),
  import('@/features/delivery/components/remembered-pin-estimate'),
]);

// findBy* and waitFor wait 1 s by default. A lazily loaded part (React.lazy, a route module) is
// transformed on its first import, which on a loaded 2-core machine takes longer than that: a
// full run failed on 'Quick view' and the listing's first cards while each passed alone. An
// element that never comes still fails, after 5 s.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  stillUntilIdle();
  server.resetHandlers();
  // the server renderer's tests run without a DOM (@vitest-environment node)
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });
});
afterAll(() => server.close());

/**
 * The idle moment a browser reaches after a page loads never comes in a component test: the work
 * the app leaves for it (a signed-in shopper's lists sync, app/shell-providers.tsx) would call a
 * server the test did not mean to. A test of that work asks for it (renderWithProviders'
 * syncAccountLists).
 */
function stillUntilIdle() {
  if (typeof window !== 'undefined') window.requestIdleCallback = () => 0;
}
stillUntilIdle();

// jsdom lacks these; the app calls them on navigation and for hover media queries.
if (typeof window !== 'undefined') window.scrollTo = (() => {}) as typeof window.scrollTo;
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
