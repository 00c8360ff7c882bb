import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { isPrivatePage } from '@store/contracts/page-title';
import type { StoreInfo } from '@store/contracts/store';
import type { ReactNode } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter } from 'react-router';
import { setPolicySanitizerWithoutDom } from '@store/ui/policy-html';
import { App } from '@/app/app';
import { RenderedModulesContext } from '@/app/lazy-module';
import { isUserScopedQuery } from '@/state/session/user-scoped';
import { setApiTransport, type ApiTransport } from '@/lib/api-client';
import type { SsrData } from '@/lib/ssr-data';
import { createStoreInfoStore } from '@/state/store-info/store-info-store';
import { StoreInfoStoreContext } from '@/state/store-info/use-store-info';
import { getStoreInfo } from '@/state/store-info/get-store-info';

/**
 * The storefront rendered on the server (built with `vite build --ssr`, loaded by the store server's
 * plugins/web-render.ts). A public page's HTML carries its content and the data it was rendered
 * from; the browser (main.tsx) hydrates it with the same tree. docs/decisions/server-rendering.md.
 */

/**
 * The private pages (the shopper's own data, the sign-in forms, the payment steps: contracts'
 * PRIVATE_PAGE_PATHS) stay client-rendered. Their HTML has the head and an empty root.
 */
export function rendersOnServer(pathname: string): boolean {
  return !isPrivatePage(pathname);
}

/** The API calls of the request being rendered (queries run inside `calls.run`). */
const calls = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const transport = calls.getStore();
  if (!transport) return Promise.reject(new Error('API call outside a server render'));
  return transport(url, init);
});

export interface RenderInput {
  /** path and query of the page */
  url: string;
  /** answers the storefront's API calls for this request's store (the server uses inject) */
  api: ApiTransport;
  /** policy HTML's sanitiser where there is no DOM (the server's, with the same rules) */
  sanitizePolicyHtml: (html: string) => string;
}

export interface RenderOutput {
  /** the markup that goes inside #root */
  html: string;
  /** JSON for `<script type="application/json" id="ssr-data">`, `<` escaped */
  data: string;
  /** the lazily loaded source modules the page rendered (Vite manifest keys), to preload */
  modules: string[];
}

/** A render that never settles must not hold the request (or the server) forever. */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * Renders the tree into a string once every lazy route and Suspense boundary has resolved:
 * Preact's server renderer, the same runtime the browser hydrates with (preact-aliases.ts), so
 * the HTML carries the ids (`useId`) hydration expects. It writes no script of its own, so the CSP
 * (script-src 'self') holds. A component that throws fails the render: the store server then sends
 * the page client-rendered.
 */
async function renderToHtml(tree: ReactNode): Promise<string> {
  let timeout: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      // the compat layer's element is Preact's vnode: the same object under React's types
      renderToStringAsync(tree as Parameters<typeof renderToStringAsync>[0]),
      new Promise<never>((_, reject) => {
        timeout = setTimeout(() => reject(new Error('server render timed out')), RENDER_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timeout);
  }
}

/**
 * A query worth running before the HTML is sent: not the signed-in shopper's (the server renders as a
 * visitor), not one already tried for this page.
 */
const worthFetching = (query: Query, tried: ReadonlySet<string>) =>
  query.state.status === 'pending' &&
  query.state.fetchStatus === 'idle' &&
  !isUserScopedQuery(query) &&
  !tried.has(query.queryHash);

/** Most renders settle in two passes: one finds the page's queries, the next renders their data. */
const MAX_PASSES = 4;

export async function render({ url, api, sanitizePolicyHtml }: RenderInput): Promise<RenderOutput> {
  setPolicySanitizerWithoutDom(sanitizePolicyHtml);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: false } },
  });
  // Store information failing is not the page failing: the browser loads it again.
  const storeInfo: StoreInfo | undefined = await calls
    .run(api, () => getStoreInfo())
    .catch(() => undefined);
  const storeInfoStore = createStoreInfoStore({ initial: storeInfo });
  const modules = new Set<string>();
  const tree = (
    <RenderedModulesContext value={modules}>
      <StoreInfoStoreContext value={storeInfoStore}>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location={url}>
            <App />
          </StaticRouter>
        </QueryClientProvider>
      </StoreInfoStoreContext>
    </RenderedModulesContext>
  );

  const tried = new Set<string>();
  let html: string;
  for (let pass = 1; ; pass++) {
    html = await renderToHtml(tree);
    const wanted = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => worthFetching(query, tried));
    // data fetched after the last pass would reach the browser without being in the HTML
    if (wanted.length === 0 || pass === MAX_PASSES) break;
    for (const query of wanted) tried.add(query.queryHash);
    await calls.run(api, () =>
      Promise.all(wanted.map((query) => query.fetch().catch(() => undefined))),
    );
    // A failed query renders as loading, as the browser's first render will before it retries:
    // the HTML and the hydrating tree must agree.
    queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
  }

  const data: SsrData = { storeInfo, queries: dehydrate(queryClient) };
  queryClient.clear();
  return { html, data: JSON.stringify(data).replace(/</g, '\\u003c'), modules: [...modules] };
}
