import type { Alias } from 'vite';

/**
 * The storefront's builds (browser and server renderer) run on Preact's compat layer instead of
 * React: React DOM's client alone is 69 KB gzip, Preact with compat about 11 KB, and a phone's
 * budget for all the JavaScript before a page is idle is 95 KB (docs/decisions/web-preact.md).
 * Both sides must use it: hydration matches the server's HTML by `useId` ids, which each renderer
 * makes its own way. The component tests stay on React (Testing Library's React renderer); the
 * server renderer's test and the journeys run on what ships.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
