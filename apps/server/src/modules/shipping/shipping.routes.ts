import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@store/contracts/common';
import { pinLookupSchema, pinParamsSchema } from '@store/contracts/pincodes';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { lookupPin } from './shipping.service';

/**
 * Browsers and proxies may keep an answer five minutes: the place never changes, and the
 * estimate only moves at the 14:00 IST cut-off, at midnight or when the owner edits the zones.
 */
const PIN_CACHE_CONTROL = 'public, max-age=300';

export const shippingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/pincodes/:pin',
    {
      schema: {
        tags: ['shipping'],
        summary:
          "A PIN code's district and state (India Post) and the delivery estimate from this store",
        params: pinParamsSchema,
        response: { 200: pinLookupSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      // the answer depends on the store (its dispatch PIN and zones) as well as the URL
      reply.header('vary', 'X-Store-Domain');
      try {
        const found = await lookupPin(db, request.store.id, request.params.pin, new Date());
        reply.header('cache-control', PIN_CACHE_CONTROL);
        return found;
      } catch (error) {
        // an unknown PIN stays unknown for the life of the table
        if (error instanceof HttpError && error.statusCode === 404) {
          reply.header('cache-control', PIN_CACHE_CONTROL);
        }
        throw error;
      }
    },
  );
};
