import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@store/contracts/common';
import {
  productParamsSchema,
  relatedProductsQuerySchema,
  relatedProductsResponseSchema,
} from '@store/contracts/products';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { sendCachedJson, type ResponseCache } from '../../lib/response-cache';
import { relatedProducts } from './related-products.service';

export const relatedProductRoutes: FastifyPluginAsyncZod<{ db: Db; cache: ResponseCache }> = async (
  app,
  { db, cache },
) => {
  app.get(
    '/products/:id/related',
    {
      schema: {
        tags: ['products'],
        summary: 'Products to show under a product: same category first, then similar',
        params: productParamsSchema,
        querystring: relatedProductsQuerySchema,
        response: { 200: relatedProductsResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { limit } = request.query;
      const key = `related|${request.store.id}|${id.toLowerCase()}|${limit}`;
      // thrown, not returned: an unknown product is not kept in the cache
      const entry = await cache.getOrCreate(key, async () => {
        const data = await relatedProducts(db, request.store.id, id, limit);
        if (!data) throw new HttpError(404, 'Product not found');
        return { data };
      });
      cache.alias(request, key);
      return sendCachedJson(request, reply, entry);
    },
  );
};
