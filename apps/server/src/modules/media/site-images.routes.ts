import type { FastifyPluginAsync } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL } from '../../lib/cache-control';
import { holdsEtag, preferredEncoding, type Encoding } from '../../lib/response-cache';
import { SITE_IMAGES_PREFIX, type SiteImages } from './site-images';

/**
 * A plain name (`/images/logo.svg`) or an older hashed one may show other bytes tomorrow: kept an
 * hour, then revalidated (the ETag answers 304). The API hands out hashed names (site-images.ts).
 */
export const PLAIN_IMAGE_CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /images/*: the shipped art from memory, under its hashed name immutable, under its plain name
 * for an hour; SVG sent as its brotli or gzip copy (made once) when the browser takes one. Only
 * files found when the server started are served: a path is looked up, never joined to a folder.
 */
export const siteImageRoutes: FastifyPluginAsync<{ images: SiteImages }> = async (
  app,
  { images },
) => {
  app.get<{ Params: { '*': string } }>(
    `${SITE_IMAGES_PREFIX}*`,
    { schema: { hide: true } },
    async (request, reply) => {
      // the router's decoded rest of the path, not request.url as sent (/%69mages/…, absolute-form)
      const path = SITE_IMAGES_PREFIX + request.params['*'];
      const found = images.find(path);
      if (!found) return reply.callNotFound();
      const { image, immutable } = found;
      reply
        .header('etag', image.etag)
        .header('cache-control', immutable ? IMMUTABLE_CACHE_CONTROL : PLAIN_IMAGE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff');
      if (image.compressible) reply.header('vary', 'accept-encoding');
      if (holdsEtag(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
      reply.type(image.contentType);
      if (image.compressible) {
        const copies: Partial<Record<Encoding, Buffer>> = await images
          .compressed(image)
          .catch(() => ({}));
        const encoding = preferredEncoding(request.headers['accept-encoding'], copies);
        // sent encoded: @fastify/compress leaves a reply with a content-encoding alone
        if (encoding) return reply.header('content-encoding', encoding).send(copies[encoding]);
      }
      return reply.send(image.body);
    },
  );
};
