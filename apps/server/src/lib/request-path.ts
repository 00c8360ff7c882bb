import type { IncomingMessage } from 'node:http';

/**
 * Fastify's `rewriteUrl` (app.ts): an absolute-form request (`GET http://host/api/v1/products`,
 * which an HTTP/1.1 server must accept) becomes its origin form before routing, so every hook,
 * handler and plugin (@fastify/static reads the raw URL) sees the path it would see for the plain
 * request. As RFC 9112 section 3.2.2 asks, the target's host then stands for the Host header: the
 * store is the one the request names, as for `GET /api/v1/products` sent with that Host.
 */
export function toOriginForm(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (url.charCodeAt(0) === 47 /* "/" */) return url;
  const target = ABSOLUTE_FORM.exec(url);
  // "*" (OPTIONS *) or junk: the router answers it as it is
  if (!target) return url;
  const host = target[1]!.slice(target[1]!.lastIndexOf('@') + 1);
  if (host) req.headers.host = host;
  const rest = url.slice(target[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

const ABSOLUTE_FORM = /^https?:\/\/([^/?#]*)/i;

/**
 * The path of a request as the router matched it (find-my-way): an absolute-form target
 * (`GET http://host/api/v1/products`, which HTTP/1.1 servers must accept) loses its scheme and
 * authority, the query goes, and percent-encoding is decoded (`/%61pi` is `/api`), except the
 * escapes that would change the path's meaning (KEPT_ESCAPES). Code that decides by path where
 * no route was matched (the pages' fallback) must see this, not `request.url` as sent: the raw
 * URL made `/%61pi/v1/products` look like a page and `/%61dmin` like the storefront.
 */
export function routedPath(url: string): string {
  let path = url;
  if (path.charCodeAt(0) !== 47 /* "/" */) {
    // absolute-form: the path starts at the first "/" after the authority
    const authority = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(path);
    path = authority ? path.slice(authority[0].length) || '/' : path;
  }
  const end = path.search(/[?#]/);
  if (end >= 0) path = path.slice(0, end);
  if (!path.includes('%')) return path;
  // odd parts are the kept escapes; the others are decoded, each on its own
  return path
    .split(KEPT_ESCAPES)
    .map((part, i) => (i % 2 === 1 ? part.toUpperCase() : decodeOrAsSent(part)))
    .join('');
}

/**
 * Escapes that would change what the path means once decoded: a slash (a new segment), "?" and
 * "#" (a query or fragment), "%" (a second round of decoding).
 */
const KEPT_ESCAPES = /(%2f|%3f|%23|%25)/i;

function decodeOrAsSent(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    // not valid percent-encoding: left as sent (the router answers such URLs 400 itself)
    return part;
  }
}

/** `routedPath` with the request's query kept as sent: the URL a page is drawn for. */
export function routedUrl(url: string): string {
  const query = url.indexOf('?');
  return query >= 0 ? routedPath(url) + url.slice(query) : routedPath(url);
}

/**
 * The URL without its trailing slashes, in linear time: `/\/+$/` backtracks on a long run of
 * slashes not at the end, and a base URL may come from the request's Host.
 */
export function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}
