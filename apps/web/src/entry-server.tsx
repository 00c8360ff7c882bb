import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isPrivatePage } from '@store/contracts/page-title';
import type { StoreInfo } from '@store/contracts/store';
import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { setPolicySanitizerWithoutDom } from '@store/ui/policy-html';
import { App } from '@/app/app';
import { RenderedModulesContext } from '@/app/lazy-module';
import { routeQueries } from '@/app/route-queries';
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
 * React's streaming renderer, read to the end once everything has rendered (`allReady`): the lazy
 * routes and every Suspense boundary are complete, so each is written in place. Out-of-order
 * streaming would move late boundaries with inline scripts, which the CSP (script-src 'self')
 * forbids; `progressiveChunkSize: Infinity` keeps React from moving a large boundary that is
 * complete (it does so to show a fallback sooner), so the HTML holds no script at all. Any error,
 * the timeout included, fails the render (React would leave that boundary to the browser, which
 * hydration reports as a mismatch): the store server then sends the page client-rendered.
 */
async function renderToHtml(tree: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const stream = await renderToReadableStream(tree, {
    progressiveChunkSize: Infinity,
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    onError(error) {
      errors.push(error);
    },
  });
  await stream.allReady;
  const html = await new Response(stream).text();
  if (errors.length) throw errors[0];
  return html;
}

export async function render({ url, api, sanitizePolicyHtml }: RenderInput): Promise<RenderOutput> {
  setPolicySanitizerWithoutDom(sanitizePolicyHtml);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: false } },
  });
  // The page's data before its one render pass (app/route-queries.ts). Store information failing
  // is not the page failing: the browser loads it again.
  const [storeInfo] = await calls.run(api, () =>
    Promise.all([
      getStoreInfo().catch((): StoreInfo | undefined => undefined),
      ...routeQueries(url).map((options) => queryClient.prefetchQuery(options)),
    ]),
  );
  // A failed query renders as loading, as the browser's first render will before it retries:
  // the HTML and the hydrating tree must agree.
  queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
  const storeInfoStore = createStoreInfoStore({ initial: storeInfo });
  const modules = new Set<string>();
  const html = await renderToHtml(
    <RenderedModulesContext value={modules}>
      <StoreInfoStoreContext value={storeInfoStore}>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location={url}>
            <App />
          </StaticRouter>
        </QueryClientProvider>
      </StoreInfoStoreContext>
    </RenderedModulesContext>,
  );

  // only what the page was rendered with (a query the render merely created is pending)
  const data: SsrData = { storeInfo, queries: dehydrate(queryClient) };
  queryClient.clear();
  return { html, data: JSON.stringify(data).replace(/</g, '\\u003c'), modules: [...modules] };
}
