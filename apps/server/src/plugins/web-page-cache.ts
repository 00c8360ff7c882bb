import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import { PassThrough, type Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import {
  acceptedEncodings,
  requestCacheKey,
  ResponseCache,
  type GetOrCreateOptions,
} from '../lib/response-cache';
import { routedUrl } from '../lib/request-path';

/**
 * Rendered public pages, kept as whole documents (docs/decisions/rendered-page-cache.md): the
 * catalogue's ResponseCache (LRU under an entry count and a byte budget, single flight, compressed
 * copies made once, forgotten in every process through the catalogue bus), holding HTML.
 */

/** How many pages and how much memory the cache may hold (a listing page is ~160 KB of HTML). */
export const PAGE_CACHE_MAX_ENTRIES = 1000;
export const PAGE_CACHE_MAX_BYTES = 48 * 1024 * 1024;

/**
 * A kept page past its TTL is answered for up to a minute more while one request renders it
 * again, instead of every request meanwhile waiting for (or, on a busy loop, missing) that render:
 * it was at most a TTL old already, and one render later it is fresh. A catalogue change forgets
 * pages outright (the owner who saved a price sees it on the next page) and a database that
 * cannot make the page stops the stale copy after that minute.
 */
export const PAGE_REFRESH: GetOrCreateOptions = { staleForMs: 60_000, staleOnChange: false };

/** The cache of rendered documents: `ttlMs` 0 keeps none (every page is rendered). */
export function createPageCache(ttlMs: number, maxEntries = PAGE_CACHE_MAX_ENTRIES): ResponseCache {
  const cache = new ResponseCache(
    ttlMs,
    maxEntries,
    PAGE_CACHE_MAX_BYTES,
    (html) => html as string,
  );
  cache.requestKey = pageRequestKey;
  cache.keepOnceCompressed = true;
  return cache;
}

/**
 * A page request's identity before parsing, for the cache front (lib/cache-front.ts): the store
 * headers and URL, and the headers a trusted proxy names the origin with, which the page's
 * canonical and social links follow (pageCacheKey reads them through Fastify).
 */
function pageRequestKey(request: IncomingMessage): string {
  const { headers } = request;
  return `${requestCacheKey(request)}\n${headers['x-forwarded-proto'] ?? ''}\n${headers['x-forwarded-host'] ?? ''}\n${headers.forwarded ?? ''}`;
}

/**
 * The query parameters a public page reads (apps/web features/products/lib/listing.ts
 * readListingParams: the listing and search). A URL with any other parameter (a campaign's utm_*,
 * a crawler's junk) is rendered for its request and not kept: its links repeat every parameter, so
 * it cannot share another URL's page, and keeping it would let anyone fill the cache with
 * one-off URLs. A URL with only these is kept (still under the cache's caps).
 */
const PAGE_QUERY_NAMES = new Set([
  'page',
  'sort',
  'category',
  'parentCategory',
  'featured',
  'q',
  'minPrice',
  'maxPrice',
  'size',
  'color',
  'attr',
  'inStock',
]);
/** Longer URLs, or more parameters, are rendered but not kept. */
const MAX_KEPT_URL_LENGTH = 512;
const MAX_KEPT_PARAMS = 16;
/** Longer Host or X-Store-Domain values: not kept either (a real host name is far shorter). */
const MAX_KEPT_HOST_LENGTH = 255;

/**
 * The cache key of a public page's request, or null when it is not to be kept. Everything the
 * document depends on besides the catalogue: the store (X-Store-Domain, Host), the origin its
 * canonical and social links name (protocol and host as Fastify read them, proxies included), the
 * build of index.html, and the page's path and query as the router sees them. Nothing of the
 * visitor: pages are rendered as a signed-out visitor, and what differs per visitor is applied
 * after the cache (plugins/web.ts).
 */
export function pageCacheKey(request: FastifyRequest, build: number): string | null {
  const url = routedUrl(request.url);
  if (url.length > MAX_KEPT_URL_LENGTH) return null;
  const queryAt = url.indexOf('?');
  if (queryAt >= 0) {
    const params = new URLSearchParams(url.slice(queryAt + 1));
    let count = 0;
    for (const name of params.keys()) {
      if (!PAGE_QUERY_NAMES.has(name) || ++count > MAX_KEPT_PARAMS) return null;
    }
  }
  const storeDomain = request.headers['x-store-domain'] ?? '';
  const host = request.headers.host ?? '';
  if (typeof storeDomain !== 'string') return null;
  if (storeDomain.length > MAX_KEPT_HOST_LENGTH || host.length > MAX_KEPT_HOST_LENGTH) return null;
  // header values hold no newline
  return [request.protocol, storeDomain, host, request.host, build, url].join('\n');
}

/** What a page's document is streamed through: compressed as the client takes it, or not. */
export interface PageStream {
  /** The reply's body (handed to reply.send). */
  body: Transform;
  /** br or gzip when the stream compresses; then the reply must say so. */
  encoding: 'br' | 'gzip' | undefined;
  /** Writes a part and pushes it out to the client at once (compressors hold output back). */
  write(part: string): void;
  end(last: string): void;
}

/**
 * The stream a page's document goes out in while it is rendered: its beginning at once, the rest
 * when the render ends. @fastify/compress would compress it too, but without flushing, so the
 * head would wait in the compressor for the render; this one flushes after each part, at the
 * levels the server uses for every answer it compresses per request (app.ts).
 */
export function pageStream(acceptEncoding: string | undefined): PageStream {
  const encoding = acceptedEncodings(acceptEncoding)[0];
  const body: Transform =
    encoding === 'br'
      ? createBrotliCompress({
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          },
        })
      : encoding === 'gzip'
        ? createGzip({ level: 6 })
        : new PassThrough();
  const flush = () => {
    if ('flush' in body && typeof body.flush === 'function') (body.flush as () => void)();
  };
  return {
    body,
    encoding,
    write(part) {
      // the client may have gone: its stream is destroyed and takes nothing more
      if (body.destroyed) return;
      body.write(part);
      flush();
    },
    end(last) {
      if (!body.destroyed) body.end(last);
    },
  };
}
