import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { connectApiToSession } from '@/app/connect-session';
import { reloadSession } from '@/state/session';
import { server } from './msw-server';

// The toaster loads sonner with the first toast (packages/ui toast.tsx); loaded here once, so a
// test's first toast does not wait for the module to be transformed.
await import('sonner');

// findBy* and waitFor wait 1 s by default. A lazily loaded part (React.lazy, a route module) is
// transformed on its first import, which on a loaded 2-core machine takes longer than that: a
// full run failed on 'Quick view' and the listing's first cards while each passed alone. An
// element that never comes still fails, after 5 s.
configure({ asyncUtilTimeout: 5000 });

connectApiToSession();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.sessionStorage.clear();
  reloadSession();
});
afterAll(() => server.close());

window.scrollTo = (() => {}) as typeof window.scrollTo;
if (!window.matchMedia) {
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
