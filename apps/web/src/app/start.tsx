import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Location } from 'react-router';
import { App } from '@/app/app';
import { BrowserRouter } from '@/app/browser-router';
import { preloadRoute } from '@/app/router';

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
  // Hydration as a transition: React works through the page in slices and yields to the browser
  // between them. The build runs on Preact (preact-aliases.ts), where a transition is a plain
  // call and hydration one task: measured on a throttled phone in docs/decisions/web-preact.md.
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
