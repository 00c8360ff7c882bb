import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type ErrorInfo } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from '@/app/app';
import { loadOtherScreens, preloadRoute } from '@/app/router';
import { loadProductRequests } from '@/features/products/api/load-requests';
import { onFirstInteraction } from '@/lib/first-interaction';
import { loadStoreInfoRequest } from '@/state/store-info/store-info-store';
import { RECOVERABLE_ERROR_PREFIX } from '@/lib/ssr-data';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * React recovers from a server page it cannot hydrate (a mismatch between the server's HTML and
 * the first render, a boundary the server could not finish) by rendering that part again in the
 * browser: the shopper sees the page, but it was drawn twice and the server's work was lost. Each
 * is logged with a prefix the journeys fail on (e2e/support/fixtures.ts): there must be none.
 */
function reportRecoverableError(error: unknown, info: ErrorInfo) {
  console.error(RECOVERABLE_ERROR_PREFIX, error, info.componentStack ?? '');
}

/**
 * Starts the storefront in `root`: hydrates the server's HTML of a public page, or renders a
 * private page into the empty root. Loaded by the entry (main.tsx) once the page has painted.
 *
 * Hydration is React's own: the layout and the screens wrap their parts (the navigation, the
 * page, each product card, the footer) in Suspense boundaries, which React hydrates after the
 * shell in time-sliced work, so a phone's main thread is not held in one long task, and a tap on
 * a part not hydrated yet hydrates that part first. React Router's BrowserRouter moves to a new
 * location in a transition (React.startTransition), so the page the shopper is on stays while the
 * next screen's code loads.
 */
export async function start(
  root: HTMLElement,
  routePreloaded: Promise<void> = Promise.resolve(),
): Promise<void> {
  const serverRendered = root.firstElementChild !== null;
  // Code a server-rendered page needs only once the shopper does something: the product reads'
  // requests with the API client (the page came with its data) and the other screens' loaders
  // (reached by a tap). Fetched at the first tap or key, ahead of what it leads to. A page the
  // browser draws itself asks for the store information at once (main.tsx fetched the loaders).
  if (serverRendered)
    onFirstInteraction(() => {
      loadProductRequests().catch(() => undefined);
      loadOtherScreens().catch(() => undefined);
    });
  else loadStoreInfoRequest().catch(() => undefined);
  // The page's own screen first (its chunks are on their way: the server named them for
  // preloading), so hydration meets no lazy screen to wait for and keeps the server's HTML whole.
  // Once the entry has added its preload links, so that the import adds none of its own.
  await routePreloaded;
  // in a task of its own: the app's modules ran in the task that settled the import, and the
  // screen's run in the one that settles theirs
  await nextTask();
  await preloadRoute(window.location.pathname)?.catch(() => undefined);
  await nextTask();
  // StrictMode checks in development only (React ignores it in production builds).
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  if (serverRendered) hydrateRoot(root, app, { onRecoverableError: reportRecoverableError });
  else createRoot(root).render(app);
}
