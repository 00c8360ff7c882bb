import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Location } from 'react-router';
import { App } from '@/app/app';
import { BrowserRouter, createWindowHistory } from '@/app/browser-router';
import { preloadRoute } from '@/app/router';
import { hydrateInParts } from '@/lib/hydrate-apart';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const loadScreenOf = (location: Location) => preloadRoute(location.pathname);

/**
 * Starts the storefront in `root`: hydrates the server's HTML of a public page, or renders a
 * private page into the empty root. Loaded by the entry (main.tsx) once the page has painted.
 */
export async function start(
  root: HTMLElement,
  routePreloaded: Promise<void> = Promise.resolve(),
): Promise<void> {
  // The page's own screen first (its chunks are on their way: the server named them for
  // preloading), so hydration meets no lazy screen to wait for and keeps the server's HTML whole.
  // Once the entry has added its preload links, so that the import adds none of its own.
  await routePreloaded;
  // each step below in a task of its own: the app's modules ran in the task that settled the
  // import, and the screen's run in the one that settles theirs (on a phone, these together made
  // 70 ms tasks)
  await nextTask();
  const history = createWindowHistory();
  await preloadRoute(window.location.pathname)?.catch(() => undefined);
  const app = (
    <StrictMode>
      <BrowserRouter load={loadScreenOf} history={history}>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  await nextTask();
  // Hydration in parts: the build runs on Preact (preact-aliases.ts), which hydrates in one
  // synchronous pass; the parts marked <HydrateApart> (the navigation, the page and the parts
  // inside it, the footer) follow in tasks of their own, so a phone's main thread is never held
  // long (lib/hydrate-apart.tsx).
  if (root.firstElementChild) hydrateInParts(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
