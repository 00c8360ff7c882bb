import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routedUrl } from '../lib/request-path';

/**
 * The storefront's server renderer: `apps/web/src/entry-server.tsx`, built by the web app's build
 * into `dist-ssr/` beside its `dist/` (docs/decisions/server-rendering.md). Its API calls are
 * answered in process with `inject`, for the store the page's request named, so the HTML holds the
 * same JSON the browser would have fetched, through the same routes and caches.
 */
type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

interface ServerEntry {
  rendersOnServer(pathname: string): boolean;
  render(input: {
    url: string;
    api: ApiTransport;
    sanitizePolicyHtml: (html: string) => string;
  }): Promise<{ html: string; data: string; modules: string[] }>;
}

export interface RenderedPage {
  html: string;
  data: string;
  /**
   * The client chunks to preload, as JSON `{ "app": [...], "page": [...] }` (`<script
   * type="application/json" id="ssr-preload">`, read by apps/web main.tsx)
   */
  preloads: string;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  /** a module's own chunk, loaded by an `import()` of it */
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The client chunks to preload for a page: the app's own (start.tsx, which the entry imports once
 * the page has painted) and then, for the lazily loaded modules the page rendered, each module's
 * chunk and its static imports; less what index.html already loads (the entry and its imports).
 * Read from the web build's Vite manifest; a build without one preloads nothing.
 */

function modulePreloads(webDistDir: string): (modules: readonly string[]) => string {
  // The browser's entry (apps/web main.tsx) adds them once the page has painted: a
  // <link rel="modulepreload"> in the HTML would take a slow phone's bandwidth from the images.
  let manifest: Record<string, ManifestChunk> = {};
  try {
    manifest = JSON.parse(readFileSync(join(webDistDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return () => JSON.stringify({ app: [], page: [] });
  }
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const onIndex = new Set<string>();
  // The app's start is what the entry imports dynamically (apps/web main.tsx: `import('./app/start')`).
  // Found through the entry, not by start.tsx's own key: a chunk group (vite.config.ts
  // sharedChunkOf) puts start.tsx in the `app` chunk, which has no key of its own. The entry's other
  // import, the other screens' loaders (`import('./app/other-screens')`, for a page the browser
  // draws itself), is a module's own chunk (a dynamic entry): not the app's, and no first view's.
  const appStart: string[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    closure(key, onIndex);
    for (const imported of chunk.dynamicImports ?? [])
      if (!manifest[imported]?.isDynamicEntry) appStart.push(imported);
  }
  const files = (keys: Set<string>) =>
    [...keys].filter((key) => !onIndex.has(key)).map((key) => `/${manifest[key]!.file}`);
  // The app's chunks are named too, apart: the entry links them a few per task before it imports
  // the app. Left to Vite's import helper, they were all linked in one task (10 ms of a laptop).
  const app = new Set<string>();
  for (const key of appStart) closure(key, app);
  const appFiles = files(app);
  return (modules) => {
    // seeded with the app's chunks, so the walk stops at them; they are then taken out again
    const page = new Set<string>(app);
    for (const module of modules) closure(module, page);
    for (const key of app) page.delete(key);
    return JSON.stringify({ app: appFiles, page: files(page) });
  };
}

export interface PageRenderer {
  rendersOnServer(pathname: string): boolean;
  /**
   * The markup for #root, the JSON for #ssr-data and the `<link rel="modulepreload">` tags of the
   * lazily loaded code the page rendered; null: send the page client-rendered.
   */
  render(
    app: FastifyInstance,
    request: FastifyRequest,
    options?: { kept?: boolean },
  ): Promise<RenderedPage | null>;
}

/** The request headers an in-process API call keeps: which store, and nothing of the visitor's. */
function apiHeaders(request: FastifyRequest, init: RequestInit): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [name, value] of new Headers(init.headers)) headers[name] = value;
  if (request.headers.host) headers.host = request.headers.host;
  const storeDomain = request.headers['x-store-domain'];
  if (typeof storeDomain === 'string') headers['x-store-domain'] = storeDomain;
  return headers;
}

function injectTransport(app: FastifyInstance, request: FastifyRequest): ApiTransport {
  return async (url, init) => {
    const target = new URL(url);
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${target.pathname}${target.search}`,
      headers: apiHeaders(request, init),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(response.statusCode === 304 ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers,
    });
  };
}

/**
 * When this process's event loop has been busier than this share of the last half second, pages
 * go out client-rendered (index.html with their head: about 0.2 ms, against 5-15 ms of CPU for a
 * render), which every browser can still show, instead of queueing into timeouts on a busy sale
 * day. A render runs on this loop without waiting for anything else (its API calls are answered
 * in process), so renders never pile up where a count of them in flight would see it: the loop's
 * own load is the signal (as @fastify/under-pressure reads it).
 * Measured before: 200 connections on a product page gave a p99 of 6.4-7.6 s and 31-85 timeouts at
 * 10 s in 10 s.
 */
export const BUSY_LOOP_SHARE = 0.9;
const LOOP_SAMPLE_MS = 500;

/**
 * Renders of pages that will be kept (plugins/web-page-cache.ts) are not all shed on a busy loop:
 * one such render answers every request for its page until the catalogue changes, and shedding
 * them all left a busy sale day, whose orders forget the pages, serving client-rendered pages
 * through Fastify at 0.5-1 ms of CPU each (bench/pages.mjs under wrk: 1,000-2,000 req/s against
 * 5,000+ from the cache). They are rationed instead, so that junk URLs (`?q=1`, `?q=2`…) cannot
 * turn the loop into a renderer: one at a time, and at most this many a second (~25 ms each).
 */
export const KEPT_RENDERS_PER_SECOND_WHEN_BUSY = 8;

/** A token bucket: `take()` is true at most `perSecond` times a second (bursts up to that). */
function rationed(perSecond: number): () => boolean {
  let tokens = perSecond;
  let at = performance.now();
  return () => {
    const now = performance.now();
    tokens = Math.min(perSecond, tokens + ((now - at) / 1000) * perSecond);
    at = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** true while the event loop was busier than `share` over the last sample (a timer, unref'd). */
function loopBusyMeter(share: number): () => boolean {
  let last = performance.eventLoopUtilization();
  let busy = false;
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    busy = performance.eventLoopUtilization(now, last).utilization > share;
    last = now;
  }, LOOP_SAMPLE_MS).unref();
  return () => busy;
}

/**
 * The built renderer beside `webDistDir` (`../dist-ssr/entry-server.js`); null when not built.
 * `sanitizePolicyHtml` makes the owner's policy HTML safe (modules/store, handed in by app.ts).
 */
export async function loadPageRenderer(
  webDistDir: string,
  {
    busy = loopBusyMeter(BUSY_LOOP_SHARE),
    sanitizePolicyHtml,
  }: { busy?: () => boolean; sanitizePolicyHtml: (html: string) => string },
): Promise<PageRenderer | null> {
  const entryFile = join(webDistDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(entryFile)) return null;
  /** The owner's policy HTML as a page shows it: sanitised, its h1s (the page has one) as h2s. */
  const policyHtmlForPage = (html: string) =>
    sanitizePolicyHtml(html).replace(/<(\/?)h1\b/gi, '<$1h2');

  /**
   * The renderer and the manifest of the build on disk. A rebuild while the server runs (the
   * browser gets the new index.html: createIndexReader) must not leave pages rendered by the old
   * renderer or preloading chunks the rebuild deleted, so each is loaded again when its file
   * changes. The renderer is one self-contained module (vite.config.ts), so importing it again
   * under a new URL (ES modules are cached by URL) gives a whole new, consistent copy.
   */
  const manifestFile = join(webDistDir, '.vite/manifest.json');
  const mtime = (file: string) => {
    try {
      return statSync(file).mtimeMs;
    } catch {
      return null; // mid-rebuild a file can be briefly missing: keep the last good copy
    }
  };
  let entry: { mtimeMs: number; module: ServerEntry } | null = null;
  let entryLoading: Promise<ServerEntry> | null = null;
  let manifest: { mtimeMs: number | null; preloadsFor: (m: readonly string[]) => string } | null =
    null;
  const currentEntry = async (): Promise<ServerEntry> => {
    const mtimeMs = mtime(entryFile);
    if (entry && (mtimeMs === null || entry.mtimeMs === mtimeMs)) return entry.module;
    entryLoading ??= (async () => {
      const stamp = mtimeMs ?? 0;
      const module = (await import(
        `${pathToFileURL(entryFile).href}?build=${stamp}`
      )) as ServerEntry;
      entry = { mtimeMs: stamp, module };
      return module;
    })().finally(() => (entryLoading = null));
    return entryLoading;
  };
  const currentPreloads = () => {
    const mtimeMs = mtime(manifestFile);
    if (!manifest || (mtimeMs !== null && manifest.mtimeMs !== mtimeMs))
      manifest = { mtimeMs, preloadsFor: modulePreloads(webDistDir) };
    return manifest.preloadsFor;
  };
  const first = await currentEntry();
  const keptRenderAllowed = rationed(KEPT_RENDERS_PER_SECOND_WHEN_BUSY);
  let keptRendering = false;

  return {
    rendersOnServer: (pathname) => (entry?.module ?? first).rendersOnServer(pathname),
    async render(app, request, { kept = false } = {}) {
      let keptSlot = false;
      if (busy()) {
        if (!kept || keptRendering || !keptRenderAllowed()) return null;
        keptRendering = keptSlot = true;
      }
      try {
        const renderer = await currentEntry();
        const page = await renderer.render({
          // the page the router's path names (/%70roducts is /products), query as sent
          url: routedUrl(request.url),
          api: injectTransport(app, request),
          sanitizePolicyHtml: policyHtmlForPage,
        });
        return { html: page.html, data: page.data, preloads: currentPreloads()(page.modules) };
      } catch (error) {
        // The page still works: the browser renders it, as before server rendering.
        request.log.error({ err: error }, 'server render failed; sending the page client-rendered');
        return null;
      } finally {
        if (keptSlot) keptRendering = false;
      }
    },
  };
}
