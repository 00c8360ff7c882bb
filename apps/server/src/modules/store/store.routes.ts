import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeInfoSchema } from '@store/contracts/store';
import type { ResponseCache } from '../../lib/response-cache';
import { sendCachedJson } from '../../lib/response-cache';
import { publicImageUrl } from '../media/site-images';

export const storeRoutes: FastifyPluginAsyncZod<{ cache: ResponseCache }> = async (
  app,
  { cache },
) => {
  app.get(
    '/storeInfo',
    {
      schema: {
        tags: ['store'],
        summary:
          'Store information: names, contact, categories, category images and policy overrides',
        response: { 200: storeInfoSchema },
      },
    },
    async (request, reply) => {
      const key = `storeInfo|${request.store.id}`;
      const entry = await cache.getOrCreate(key, async () => {
        const info = storeInfoSchema.parse(request.store.info);
        // shipped art under its hashed, immutable name (media/site-images.ts); the record keeps
        // the plain one, which the back office edits and e-mails' logo reads
        return {
          ...info,
          companyLogoUrl: publicImageUrl(info.companyLogoUrl),
          categoryImages: Object.fromEntries(
            Object.entries(info.categoryImages).map(([name, url]) => [name, publicImageUrl(url)]),
          ),
        };
      });
      cache.alias(request, key);
      return sendCachedJson(request, reply, entry);
    },
  );
};
