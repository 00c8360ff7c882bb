import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeInfoSchema } from '@store/contracts/store';
import type { ResponseCache } from '../../lib/response-cache';
import { sendCachedJson } from '../../lib/response-cache';

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
      const entry = await cache.getOrCreate(key, async () =>
        storeInfoSchema.parse(request.store.info),
      );
      cache.alias(request.raw, key);
      return sendCachedJson(request, reply, entry);
    },
  );
};
