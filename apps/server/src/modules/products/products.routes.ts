import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@store/contracts/common';
import { isUuid } from '@store/contracts/ids';
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

const PRODUCT_NOT_FOUND = { error: 'Product not found', code: 'not_found' } as const;
/** A product id that names no published product of the store (never kept in the cache). */
export class ProductNotFound extends Error {}

/**
 * GET /products/:id's answer (`id` a lower-case uuid), from the catalogue cache; also read by the
 * page head (modules/seo), so a product page's head and its render share one lookup.
 */
export const productCacheKey = (storeId: string, id: string) => `product|${storeId}|${id}`;

export function productEntry(cache: ResponseCache, db: Db, storeId: string, id: string) {
  // kept like a listing (the same availability, price and art): forgotten on every
  // catalogueChanged(), so an edit, an unpublish or a sale shows on the next request
  return cache.getOrCreate(productCacheKey(storeId, id), async () => {
    const product = await getProduct(db, storeId, id);
    // thrown, not kept: a product published later must be found at once, and a crawler's
    // made-up ids must not take the room of real answers
    if (!product) throw new ProductNotFound();
    return product;
  });
}

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
      cache.alias(request, key);
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
      cache.alias(request, key);
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
      cache.alias(request, key);
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
      const id = request.params.id.toLowerCase();
      // not a product id: nothing to look up, and nothing for junk URLs to fill the cache with
      if (!isUuid(id)) return reply.code(404).send(PRODUCT_NOT_FOUND);
      try {
        const entry = await productEntry(cache, db, request.store.id, id);
        cache.alias(request, productCacheKey(request.store.id, id));
        return sendCachedJson(request, reply, entry);
      } catch (err) {
        if (err instanceof ProductNotFound) return reply.code(404).send(PRODUCT_NOT_FOUND);
        throw err;
      }
    },
  );
};
