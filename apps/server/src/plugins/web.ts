import { readFileSync, statSync, unwatchFile, watchFile } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL } from '../lib/cache-control';
import type { ApiErrorBody } from '@store/contracts/api-errors';
import { hasAuthCookie } from '@store/contracts/session';
import { routedPath } from '../lib/request-path';
import type { FrontAnswers } from '../lib/cache-front';
import { preferredEncoding, type Entry, type ResponseCache } from '../lib/response-cache';
import { PAGE_REFRESH, pageCacheKey, pageStream } from './web-page-cache';
import { loadPageRenderer, type RenderedPage } from './web-render';
import { formActionOrigins } from '../modules/payments/providers/definitions';

const NOT_FOUND = { error: 'Not found', code: 'not_found' } satisfies ApiErrorBody;

/** What a storefront page's HTML depends on besides its URL. */
export const PAGE_VARY = 'Cookie, Host, X-Store-Domain';
/**
 * The same, with the encodings a page goes out in (lower case: @fastify/compress, which compresses
 * some pages, adds its own unless it finds exactly this).
 */
const PAGE_VARY_ENCODED = `${PAGE_VARY}, accept-encoding`;

/** Paths the SPA must never answer: the API and the payment sandbox pages. */
const serverOnly = (url: string) =>
  url.startsWith('/api/') || url === '/api' || url.startsWith('/sandbox-gateway');

/**
 * A missing file (a built asset, a favicon, an image): its last segment has an extension, or it
 * is under the build's /assets/. Those keep a JSON 404; a page URL never has a dot in its last
 * segment (product and order ids, slugs and categories have none).
 */
const looksLikeFile = (path: string) => {
  const bare = path.split('?')[0]!;
  return bare.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(bare.slice(bare.lastIndexOf('/')));
};

/**
 * Whether a GET asks for a page. A browser sends `text/html`; link previews (Facebook's, chat
 * apps'), crawlers and `curl` accept every type or send no Accept at all, and must get the page
 * and its Open Graph tags too. Only a client that asks for JSON and not HTML gets the JSON 404.
 */
export function wantsPage(accept: string | undefined): boolean {
  if (!accept) return true;
  const types = accept.toLowerCase();
  if (types.includes('text/html') || types.includes('*/*') || types.includes('text/*')) return true;
  return !types.includes('json');
}

/**
 * What the built apps may load: their own scripts only (no inline script), inline styles (React
 * style props, the dashboard chart's sizing), images from here, data: URLs or any https CDN a
 * store's catalogue points to, API calls to itself, and forms posted to `formAction`.
 */
const appCsp = (formAction: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');

/**
 * The storefront posts payment forms to itself or a provider's hosted checkout, the origins its
 * definition names (modules/payments/providers/definitions.ts). PayU may answer the post with a
 * redirect inside its own domain, and browsers check redirects after a form post against
 * form-action too: the bounce page answers a PhonePe checkout with a redirect to PhonePe's page.
 */
export const WEB_APP_CSP = appCsp(["'self'", ...formActionOrigins('storefront')].join(' '));

/** The back office's policy: the storefront's, except that it posts no form anywhere but here. */
export const ADMIN_APP_CSP = appCsp("'self'");

/** The back office's paths: /admin and below (its API is /api/v1/admin, not here). */
const ADMIN_PREFIX = '/admin';
const isAdminPath = (path: string) => path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);

/** A built file the build compressed (scripts/vite-precompress.ts), or one it would have if larger. */
const PRECOMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml)(\.br|\.gz)?$/;

/**
 * Cache-Control for a built app's files: hashed assets forever, index.html always revalidated.
 * `path` is the file sent: `x.js.br` when the build's brotli copy answers.
 */
function staticHeaders(csp: string) {
  return (res: { setHeader(name: string, value: string): unknown }, path: string) => {
    if (path.endsWith('.html')) res.setHeader('content-security-policy', csp);
    // the same URL answers br, gzip or plain by Accept-Encoding: caches must keep them apart
    if (PRECOMPRESSIBLE.test(path)) res.setHeader('vary', 'Accept-Encoding');
    if (path.includes('/assets/')) res.setHeader('cache-control', IMMUTABLE_CACHE_CONTROL);
    else if (path.endsWith('.html')) res.setHeader('cache-control', 'no-cache');
    else res.setHeader('cache-control', 'public, max-age=3600');
  };
}

/** What pages need from the modules, handed in by app.ts. */
export interface PageParts {
  /** A storefront URL's head tags and status (modules/seo page-head.ts). */
  pageHead(
    app: FastifyInstance,
    request: FastifyRequest,
  ): Promise<{ status: number; head: string }>;
  /** index.html with those tags in its head (modules/seo head-tags.ts). */
  applyHead(indexHtml: string, head: string): string;
  /** The owner's policy HTML made safe to render (modules/store admin-settings.service.ts). */
  sanitizePolicyHtml(html: string): string;
}

/**
 * Serves the built web app at / and the built back office at /admin (hashed assets immutable,
 * index.html no-cache), each with a fallback to its own index.html for browser navigations (the
 * storefront's never answers /admin/*); everything else unknown gets a JSON 404.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDistDir: string | null,
  adminDistDir: string | null,
  {
    shedRendersWhenBusy = true,
    pageCache = null,
    pageHead,
    applyHead,
    sanitizePolicyHtml,
  }: {
    /** false: render whatever the load; a function: this meter of busy instead of the loop's. */
    shedRendersWhenBusy?: boolean | (() => boolean);
    /** Rendered public pages (web-page-cache.ts); null: every page is rendered. */
    pageCache?: ResponseCache | null;
  } & PageParts,
): Promise<void> {
  const indexHtml = webDistDir ? createIndexReader(join(webDistDir, 'index.html')) : null;
  const renderer = webDistDir
    ? await loadPageRenderer(webDistDir, {
        sanitizePolicyHtml,
        ...(typeof shedRendersWhenBusy === 'function'
          ? { busy: shedRendersWhenBusy }
          : shedRendersWhenBusy
            ? {}
            : { busy: () => false }),
      })
    : null;
  if (webDistDir && pageCache) {
    // Kept pages name the bundles of the build they were rendered with, and the cache front
    // answers them without reading index.html again: a rebuild while the server runs forgets them
    // within a second (polled, so it costs no request anything).
    const file = join(webDistDir, 'index.html');
    const rebuilt = () => pageCache.clear();
    watchFile(file, { interval: 1000, persistent: false }, rebuilt);
    app.addHook('onClose', (_app, done) => {
      unwatchFile(file, rebuilt);
      done();
    });
  }
  const adminIndexHtml = adminDistDir ? createIndexReader(join(adminDistDir, 'index.html')) : null;
  if (adminDistDir) {
    await app.register(fastifyStatic, {
      root: adminDistDir,
      prefix: `${ADMIN_PREFIX}/`,
      decorateReply: false,
      cacheControl: false,
      // the build's .br/.gz copies, sent as they are (@fastify/compress leaves an encoded reply)
      preCompressed: true,
      setHeaders: staticHeaders(ADMIN_APP_CSP),
    });
  }
  if (webDistDir) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      // `/` is a page like any other: rendered by the not-found handler below, not index.html as built
      index: false,
      decorateReply: false,
      cacheControl: false,
      // the build's .br/.gz copies, sent as they are (@fastify/compress leaves an encoded reply)
      preCompressed: true,
      setHeaders: staticHeaders(WEB_APP_CSP),
    });
  }

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    // as the router saw it: /%61pi/… is the API and http://host/admin the back office, not pages
    const path = routedPath(request.url);
    const navigation =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !serverOnly(path) &&
      !looksLikeFile(path) &&
      wantsPage(request.headers.accept);
    // A storefront form the browser sent by itself, before the page's code arrived (the contact
    // and newsletter forms are method="post", so nothing lands in the address bar): the page
    // again, as a GET, rather than an error; the shopper sends it once the page is live.
    if (
      request.method === 'POST' &&
      indexHtml &&
      !isAdminPath(path) &&
      !serverOnly(path) &&
      !looksLikeFile(path) &&
      wantsPage(request.headers.accept)
    )
      // one leading slash: "//elsewhere.example" must not become a redirect off the store
      return reply.redirect(`/${request.url.replace(/^[/\\]+/, '')}`, 303);
    if (isAdminPath(path)) {
      if (adminIndexHtml && navigation)
        return sendIndex(reply, adminIndexHtml().html, ADMIN_APP_CSP);
    } else if (indexHtml && navigation) {
      // the signed-in mark follows the cookie, and which store's page it is follows Host and
      // X-Store-Domain: a shared cache must not hand one store's page out under another's name
      reply.header('vary', PAGE_VARY);
      const index = indexHtml();
      const renders = request.method === 'GET' && !!renderer?.rendersOnServer(path);
      const key = renders && pageCache ? pageCacheKey(request, index.mtimeMs) : null;
      const produce = () => producePage(request, index.html, renders, key !== null);
      if (!pageCache || key === null) return sendPage(request, reply, produce());
      // One render per page: the first request renders it (and streams it as it goes); requests
      // for it meanwhile wait for that render, and later ones get the kept document. Past its TTL
      // the kept page is still answered while one request renders it again (not after a
      // catalogue change: then the next page shows the change).
      const made: { production?: PageProduction } = {};
      const kept = pageCache.getOrCreate(
        key,
        () => {
          made.production = produce();
          return made.production.document();
        },
        PAGE_REFRESH,
      );
      if (made.production) {
        kept.catch(() => undefined); // not kept (see producePage): this request still has its page
        // a refresh of a page past its TTL: this request gets the kept page, the render goes on
        if (!pageCache.refreshing(key)) return sendPage(request, reply, made.production);
      }
      try {
        const entry = await kept;
        // the next request for this URL is answered before Fastify (app.ts, lib/cache-front.ts)
        pageCache.alias(request, key);
        return sendKeptPage(request, reply, entry);
      } catch (err) {
        if (err instanceof PageNotKept) return sendPage(request, reply, err.production);
        throw err;
      }
    }
    return reply.code(404).send(NOT_FOUND);
  };

  /**
   * A page's head and, for the public pages, its render, both started now. Its document (the page
   * as a signed-out visitor gets it) is kept only when both succeeded with a 200: a failed or shed
   * render, a head the database could not make (503) and a not-found page are not.
   */
  const producePage = (
    request: FastifyRequest,
    index: string,
    renders: boolean,
    kept: boolean,
  ): PageProduction => {
    const head = pageHead(app, request).catch((err: unknown) => {
      // The database failing must not turn the page into a JSON 500: the app is sent with the
      // neutral head, and 503 tells crawlers to come back; the browser's app retries its calls.
      request.log.error({ err }, 'page head failed; sending the page with the default head');
      return null;
    });
    const page =
      renders && renderer ? renderer.render(app, request, { kept }).catch(() => null) : null;
    const production: PageProduction = {
      index,
      head,
      page,
      document: () =>
        Promise.all([head, page]).then(([h, p]) => {
          if (!h || h.status !== 200 || !p) throw new PageNotKept(production);
          return withPage(applyHead(index, h.head), p);
        }),
    };
    return production;
  };

  /**
   * Sends a page as it is produced: the document's beginning (with the page's head, up to and
   * including `<div id="root">`) as soon as the head is known, the rendered markup and data
   * blocks when the render ends. A render that fails after the beginning went out ends the
   * document as a client-rendered page does (empty root, the noscript note): the browser's app
   * renders it.
   */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, page: PageProduction) => {
    const head = await page.head;
    const index = forVisitor(page.index, request);
    const html = head ? applyHead(index, head.head) : index;
    const status = head ? head.status : 503;
    const root = html.indexOf(EMPTY_ROOT);
    // nothing rendered here (a private page, HEAD), or an index.html with no root to render into:
    // nothing to wait for, one piece
    if (!page.page || root < 0) return startPage(reply, status).send(withPage(html, null));
    // a render already over (shed on a busy loop, failed early, or quicker than the head): one piece
    const settled = await Promise.race([page.page, RENDERING]);
    if (settled !== 'rendering') return startPage(reply, status).send(withPage(html, settled));
    const afterRoot = html.slice(root + EMPTY_ROOT.length);
    const stream = pageStream(request.headers['accept-encoding']);
    stream.write(html.slice(0, root) + OPEN_ROOT);
    void page.page.then((rendered) => stream.end(restOfPage(rendered) + afterRoot));
    startPage(reply, status);
    if (stream.encoding) reply.header('content-encoding', stream.encoding);
    return reply.send(stream.body);
  };

  /** A kept page in one piece: its compressed copy, or for a signed-in visitor, with the mark. */
  const sendKeptPage = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    startPage(reply, 200);
    // the per-visitor mark changes the bytes: compressed per request (@fastify/compress)
    if (hasAuthCookie(request.headers.cookie)) return reply.send(forVisitor(entry.body, request));
    const encoding = preferredEncoding(request.headers['accept-encoding'], entry.encoded);
    if (encoding) return reply.header('content-encoding', encoding).send(entry.encoded[encoding]);
    return reply.send(entry.bytes);
  };

  app.setNotFoundHandler(answer);
  // the static plugin serves files, not folders: the home page is answered like every other page
  if (webDistDir) app.get('/', answer);
}

const EMPTY_ROOT = '<div id="root"></div>';
/** What Promise.race gives for a render still under way (a settled one comes first). */
const RENDERING = Promise.resolve('rendering' as const);
const OPEN_ROOT = '<div id="root">';

/** A page being made: index.html as built, its head and its render, started together. */
interface PageProduction {
  /** index.html as built (the visitor's mark not applied). */
  index: string;
  head: Promise<{ status: number; head: string } | null>;
  /** null: not rendered here (a private page, HEAD); a null page: shed or failed, client-rendered. */
  page: Promise<RenderedPage | null> | null;
  /** The document to keep; rejects with PageNotKept when it must not be kept. */
  document(): Promise<string>;
}

/** A page that is not kept; the requests that waited for its render are answered from it. */
class PageNotKept extends Error {
  constructor(readonly production: PageProduction) {
    super('page not kept');
  }
}

/**
 * What a kept page is sent with when the cache front answers it (lib/cache-front.ts, set up in
 * app.ts), as sendKeptPage does: a signed-in visitor's request (the mark) and one that does not
 * ask for a page (a JSON-only Accept gets the JSON 404) are left to Fastify.
 */
export const PAGE_FRONT_ANSWERS: FrontAnswers = {
  headers: [
    ['cache-control', 'no-cache'],
    ['vary', PAGE_VARY_ENCODED],
    ['content-security-policy', WEB_APP_CSP],
    ['content-type', 'text/html; charset=utf-8'],
  ],
  etag: false,
  leave: (req) => hasAuthCookie(req.headers.cookie) || !wantsPage(req.headers.accept),
  logMessage: 'request completed (page cache)',
};

/** A storefront document's headers: the CSP, revalidated always, encodings apart. */
function startPage(reply: FastifyReply, status: number): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy', WEB_APP_CSP)
    .header('vary', PAGE_VARY_ENCODED);
}

function sendIndex(reply: FastifyReply, html: string, csp: string, status = 200) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy', csp)
    .send(html);
}

/** What follows `<div id="root">`: the rendered markup and data blocks, or the empty root's note. */
function restOfPage(page: RenderedPage | null): string {
  if (!page) return `</div>${NEEDS_SCRIPTS}`;
  return (
    `${page.html}</div><script type="application/json" id="ssr-data">${page.data}</script>` +
    `<script type="application/json" id="ssr-preload">${page.preloads}</script>`
  );
}

/**
 * index.html for this visitor: `<html data-signed-in>` when the request carries the sign-in cookie.
 * A page is rendered as a signed-out visitor sees it (one page for everyone), and until it has
 * hydrated, the app's stylesheet hides what only a signed-out visitor is shown there (the bar's
 * Login button, `data-signed-out`): a signed-in shopper saw Login on every page load.
 */
function forVisitor(html: string, request: FastifyRequest): string {
  return hasAuthCookie(request.headers.cookie)
    ? html.replace(/<html\b/, '<html data-signed-in')
    : html;
}

/** What a page the browser renders (cart, sign-in, checkout…) says when scripts are off. */
const NEEDS_SCRIPTS =
  '<noscript><p style="max-width:36rem;margin:4rem auto;padding:0 1rem;font:1.125rem/1.6 system-ui,sans-serif">' +
  'This page needs JavaScript: turn it on in your browser to use your cart, sign in and check out. ' +
  'The <a href="/products">catalogue</a> can be browsed without it.</p></noscript>';

/**
 * index.html with a server-rendered page in its root, and the page's data as a JSON data block (not
 * a script: the CSP allows no inline script). Without a rendered page: index.html as built.
 */
function withPage(html: string, page: RenderedPage | null): string {
  return html.replace(EMPTY_ROOT, () => OPEN_ROOT + restOfPage(page));
}

/**
 * index.html names the hashed bundles of the current build; a rebuild while the server runs must
 * not leave deep links pointing at bundles that no longer exist, so re-read it when it changes.
 */
function createIndexReader(file: string): () => { mtimeMs: number; html: string } {
  let cached = { mtimeMs: -1, html: '' };
  return () => {
    try {
      const { mtimeMs } = statSync(file);
      if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    } catch {
      // mid-rebuild the file can be briefly missing: keep serving the last good copy
    }
    return cached;
  };
}
