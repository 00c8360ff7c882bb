import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StoreContext } from '../../plugins/store';

/**
 * The origin every absolute URL of the head, the sitemap and robots.txt starts with: the
 * configured public address when there is one; else the request's own address (its protocol
 * honours trustProxy, so a TLS-terminating proxy's https is seen) only when it is one of the
 * store's domains, and otherwise the store's first domain. Any Host reaches the default store, so
 * taking it as it came let one request put an attacker's name in the canonical link, og:url, the
 * sitemap and robots.txt, and a shared cache keep it for everyone.
 */
export function siteOrigin(
  app: FastifyInstance,
  request: FastifyRequest,
  store: Pick<StoreContext, 'domains'> | null,
): string {
  const configured = app.publicBaseUrl?.replace(/\/+$/, '');
  if (configured) return configured;
  const domains = store?.domains.map((d) => d.toLowerCase()) ?? [];
  const asked = request.hostname.toLowerCase();
  if (asked && domains.includes(asked)) return `${request.protocol}://${request.host}`;
  return `${request.protocol}://${domains[0] ?? 'localhost'}`;
}

/** `url` made absolute against the site (a catalogue's CDN URLs stay as they are); null when junk. */
export function absoluteUrl(origin: string, url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  try {
    const resolved = new URL(value, `${origin}/`);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : null;
  } catch {
    return null;
  }
}

/**
 * `path?key=value&…` with the given values only, in the given order, encoded with
 * encodeURIComponent as the storefront's links are (apps/web/src/lib/paths.ts: a space is %20,
 * never '+'), so the canonical and sitemap URLs are the very URLs the store links to.
 */
export function pathWithQuery(path: string, query: [string, string | undefined][]): string {
  const pairs = query
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

/** A category's listing as the home tiles link it (spec section 2): the name lower-cased. */
export const categoryPath = (name: string) =>
  pathWithQuery('/products', [['category', name.trim().toLowerCase()]]);

/** A parent category's listing, as the product page's breadcrumbs link it. */
export const parentCategoryPath = (name: string) =>
  pathWithQuery('/products', [['parentCategory', name.trim()]]);

export const productPath = (id: string) => `/product/${encodeURIComponent(id)}`;
