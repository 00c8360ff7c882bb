import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@store/contracts/common';
import {
  productFacetsQuerySchema,
  productFacetsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productParamsSchema,
  productSchema,
  productSuggestionsSchema,
  productSuggestQuerySchema,
  type ProductFacetsQuery,
} from '@store/contracts/products';
import type { Db } from '../../db/client';
import { normalizeQuery, sendCachedJson, type ResponseCache } from '../../lib/response-cache';
import { productFacets } from './product-facets.service';
import { listProducts } from './product-listing.service';
import { suggestProducts } from './product-suggest.service';
import { getProduct } from './products.service';

/** How long facet counts may be answered stale while their refresh runs (a refresh that fails). */
const FACETS_STALE_MS = 5 * 60_000;

/** One cache key per meaning: the spec's names are compared case-insensitively. */
const filtersKey = (q: ProductFacetsQuery & Record<string, unknown>) =>
  normalizeQuery({
    ...q,
    category: q.category?.trim().toLowerCase(),
    parentCategory: q.parentCategory?.trim().toLowerCase(),
    gender: q.gender?.trim().toLowerCase(),
  });

export const productRoutes: FastifyPluginAsyncZod<{ db: Db; cache: ResponseCache }> = async (
  app,
  { db, cache },
) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary: 'Product listing: search, filters, sort and pagination',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const key = `products|${request.store.id}|${filtersKey(request.query)}`;
      const entry = await cache.getOrCreate(key, () =>
        listProducts(db, request.store.id, request.query, cache),
      );
      cache.alias(request.raw, key);
      return sendCachedJson(request, reply, entry);
    },
  );

  // before /products/:id, which would take 'facets' and 'suggest' for ids
  app.get(
    '/products/facets',
    {
      schema: {
        tags: ['products'],
        summary: "Counts for the listing's filters (each without its own filter)",
        querystring: productFacetsQuerySchema,
        response: { 200: productFacetsSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const key = `facets|${request.store.id}|${filtersKey(request.query)}`;
      // stale-while-revalidate: after a catalogue change the previous counts are answered while
      // one refresh computes the new (the whole catalogue's facets read every product); the
      // listing beside them is always fresh
      const entry = await cache.getOrCreate(
        key,
        () => productFacets(db, request.store.id, request.query),
        { staleForMs: FACETS_STALE_MS },
      );
      cache.alias(request.raw, key);
      return sendCachedJson(request, reply, entry);
    },
  );

  app.get(
    '/products/suggest',
    {
      schema: {
        tags: ['products'],
        summary: 'Search suggestions while typing (typos corrected)',
        querystring: productSuggestQuerySchema,
        response: { 200: productSuggestionsSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { q, limit } = request.query;
      const key = `suggest|${request.store.id}|${normalizeQuery({ q: q.toLowerCase(), limit })}`;
      const entry = await cache.getOrCreate(key, () =>
        suggestProducts(db, request.store.id, q, limit),
      );
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
