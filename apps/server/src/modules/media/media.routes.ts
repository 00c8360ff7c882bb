import type { FastifyPluginAsync } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL } from '../../lib/cache-control';
import type { MediaStorage } from '../../lib/media-storage';

/** `<id>/<width>.<format>` exactly as the upload makes them; anything else is no rendition. */
const IMAGE_ID = /^[A-Za-z0-9_-]{16,64}$/;
const FILE = /^(\d{1,5})\.(webp|avif)$/;
const NOT_FOUND = { error: 'Not found', code: 'not_found' } as const;
/** a key never changes content (a new upload gets a new id), so browsers and CDNs keep it a year */

/**
 * GET /media/:imageId/:file, public and outside /api: an uploaded image's rendition, streamed from
 * the media storage (data folder or a private S3 bucket alike).
 */
export const mediaRoutes: FastifyPluginAsync<{ storage: MediaStorage }> = async (
  app,
  { storage },
) => {
  app.get<{ Params: { imageId: string; file: string } }>(
    '/media/:imageId/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { imageId, file } = request.params;
      if (!IMAGE_ID.test(imageId) || !FILE.test(file)) return reply.code(404).send(NOT_FOUND);
      const key = `${imageId}/${file}`;
      // the content under a key never changes, so the key names the representation
      const etag = `"${key.replace('/', '-')}"`;
      reply.header('etag', etag).header('cache-control', IMMUTABLE_CACHE_CONTROL);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const object = await storage.get(key);
      if (!object) {
        reply.removeHeader('etag').removeHeader('cache-control');
        return reply.code(404).send(NOT_FOUND);
      }
      reply.type(object.contentType).header('x-content-type-options', 'nosniff');
      if (object.size !== undefined) reply.header('content-length', object.size);
      return reply.send(object.body);
    },
  );
  // /media/a/b/c, /media/x and the like: a JSON 404, never the storefront's index.html
  app.get('/media/*', { schema: { hide: true } }, (_request, reply) =>
    reply.code(404).send(NOT_FOUND),
  );
};
