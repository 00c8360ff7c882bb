import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { connectApiToSession } from '@/app/connect-session';
import { reloadSession } from '@/state/session';
import { server } from './msw-server';

// The toaster loads sonner with the first toast (packages/ui toast.tsx); loaded here once, so a
// test's first toast does not wait for the module to be transformed.
await import('sonner');

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
