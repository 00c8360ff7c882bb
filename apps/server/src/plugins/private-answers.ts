import type { FastifyInstance } from 'fastify';

/**
 * onSend for the API's scope: an answer that sets no Cache-Control of its own is `no-store`, so a
 * shopper's account, orders or payment form, or a staff member's screens, are never kept by a
 * browser's disk cache or a shared proxy, and a route added later is private until it says
 * otherwise. The catalogue's cached answers (lib/response-cache.ts `no-cache`), PIN lookups and
 * art set their own caching and keep it.
 */
export function registerNoStoreByDefault(api: FastifyInstance): void {
  api.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
