import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from '@/app/app';

/**
 * Starts the storefront in `root`: hydrates the server's HTML of a public page, or renders a
 * private page into the empty root. Loaded by the entry (main.tsx) once the page has painted.
 */
export function start(root: HTMLElement): void {
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  // Hydration as a transition: React works through the page in slices and yields to the browser
  // between them. The build runs on Preact (preact-aliases.ts), where a transition is a plain
  // call and hydration one task: measured on a throttled phone in docs/decisions/web-preact.md.
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
