import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@store/contracts/common';
import {
  productListQuerySchema,
  productListResponseSchema,
  productParamsSchema,
  productSchema,
} from '@store/contracts/products';
import type { Db } from '../../db/client';
import { normalizeQuery, sendCachedJson, type ResponseCache } from '../../lib/response-cache';
import { getProduct, listProducts } from './products.service';

export const productRoutes: FastifyPluginAsyncZod<{ db: Db; cache: ResponseCache }> = async (
  app,
  { db, cache },
) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary: 'Product listing with filters and pagination (newest first)',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const key = `products|${request.store.id}|${normalizeQuery({
        ...q,
        category: q.category?.trim().toLowerCase(),
        parentCategory: q.parentCategory?.trim().toLowerCase(),
        gender: q.gender?.trim().toLowerCase(),
      })}`;
      const entry = await cache.getOrCreate(key, () => listProducts(db, request.store.id, q));
      cache.alias(request.raw, key);
      return sendCachedJson(request, reply, entry);
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['products'],
        summary: 'One product',
        params: productParamsSchema,
        response: { 200: productSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const product = await getProduct(db, request.store.id, request.params.id);
      if (!product) return reply.code(404).send({ error: 'Product not found' });
      return product;
    },
  );
};
