import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { siteOrigin } from './site-urls';
import {
  pagesSitemapXml,
  productsSitemapXml,
  sitemapXml,
  type SitemapInput,
} from './sitemap.service';

/** Crawlers come back rarely; a catalogue change clears the copy (ResponseCache.memo) anyway. */
const SITEMAP_TTL_MS = 10 * 60_000;
const XML = 'application/xml; charset=utf-8';
/**
 * robots.txt and the sitemaps are the store's of the request (Host / X-Store-Domain) and cached
 * publicly: a shared cache must key them by both, or one request with X-Store-Domain would put
 * another store's sitemap under this store's URL.
 */
const VARY = 'Host, X-Store-Domain';

/**
 * Paths robots should not crawl: the shopper's own pages and the steps of buying (their heads say
 * noindex too: modules/seo/page-head.ts), the API, the back office and the payment sandbox.
 */
const DISALLOWED = [
  '/cart',
  '/wishlist',
  '/checkout',
  '/account',
  '/orders',
  '/payment',
  '/order-success',
  '/reset-password',
  '/unsubscribe',
  '/newsletter',
  '/api/',
  '/admin',
  '/sandbox-gateway',
  '/demo/',
];

export interface SeoRoutesOptions {
  /** URLs per sitemap file; the protocol's 50,000 unless a test wants a small catalogue split */
  maxUrls?: number;
}

/** GET /robots.txt, /sitemap.xml and, past 50,000 URLs, the sitemap index's parts. */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, { maxUrls }) => {
  /** The store's sitemap `name`, made once per store, address and catalogue state. */
  const sendSitemap = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    make: (input: SitemapInput) => Promise<string | null>,
  ) => {
    reply.header('vary', VARY);
    const store = await app.storeFor(request);
    if (!store)
      return reply
        .code(503)
        .send({ error: 'The store is not set up yet: run npm run seed', code: 'store_not_set_up' });
    const origin = siteOrigin(app, request, store);
    const input: SitemapInput = {
      db: app.db,
      storeId: store.id,
      info: store.info,
      origin,
      ...(maxUrls ? { maxUrls } : {}),
    };
    const xml = await app.catalogueCache.memo(
      `sitemap|${store.id}|${origin}|${name}`,
      () => make(input),
      SITEMAP_TTL_MS,
    );
    if (xml === null) return reply.code(404).send({ error: 'Not found', code: 'not_found' });
    return reply.type(XML).header('cache-control', 'public, max-age=600').send(xml);
  };

  app.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) =>
    sendSitemap(request, reply, 'index', sitemapXml),
  );
  app.get('/sitemap-pages.xml', { schema: { hide: true } }, (request, reply) =>
    sendSitemap(request, reply, 'pages', pagesSitemapXml),
  );
  app.get<{ Params: { part: string } }>(
    '/sitemap-products-:part.xml',
    { schema: { hide: true } },
    (request, reply) => {
      const part = /^[1-9]\d{0,5}$/.test(request.params.part) ? Number(request.params.part) : 0;
      if (!part) return reply.code(404).send({ error: 'Not found', code: 'not_found' });
      return sendSitemap(request, reply, `products-${part}`, (input) =>
        productsSitemapXml(input, part),
      );
    },
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const store = await app.storeFor(request);
    const body = [
      'User-agent: *',
      ...DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${siteOrigin(app, request, store)}/sitemap.xml`,
      '',
    ].join('\n');
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('vary', VARY)
      .send(body);
  });
};
