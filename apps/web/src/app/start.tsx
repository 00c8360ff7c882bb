import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Location } from 'react-router';
import { App } from '@/app/app';
import { BrowserRouter } from '@/app/browser-router';
import { preloadRoute } from '@/app/router';
import { hydrateInParts } from '@/lib/hydrate-apart';

const loadScreenOf = (location: Location) => preloadRoute(location.pathname);

/**
 * Starts the storefront in `root`: hydrates the server's HTML of a public page, or renders a
 * private page into the empty root. Loaded by the entry (main.tsx) once the page has painted.
 */
export async function start(root: HTMLElement): Promise<void> {
  const app = (
    <StrictMode>
      <BrowserRouter load={loadScreenOf}>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  // The page's own screen first (its chunks are on their way: the server named them for
  // preloading), so hydration meets no lazy screen to wait for and keeps the server's HTML whole.
  await preloadRoute(window.location.pathname)?.catch(() => undefined);
  // Hydration in parts: the build runs on Preact (preact-aliases.ts), which hydrates in one
  // synchronous pass; the parts marked <HydrateApart> (cards, filters, navigation) follow in
  // tasks of their own, so a phone's main thread is never held long (lib/hydrate-apart.tsx).
  if (root.firstElementChild) hydrateInParts(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
