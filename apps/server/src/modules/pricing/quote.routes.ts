import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartQuoteBodySchema, cartQuoteSchema } from '@store/contracts/cart-quote';
import { errorResponseSchema } from '@store/contracts/common';
import type { Db } from '../../db/client';
import { cartQuoteRateLimit } from '../../plugins/rate-limit';
import { quoteCart } from './quote.service';

/** POST /cart/quote: the cart's totals as POST /orders would charge them (rupees). */
export const quoteRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/cart/quote',
    {
      onRequest: app.optionalAuth,
      config: { rateLimit: cartQuoteRateLimit },
      schema: {
        tags: ['cart'],
        summary:
          "Price a cart: each line's discount, the delivery charge, the total, and whether a Coupon code applies (with the reason when it does not). A signed-in shopper's own uses count against per-customer limits.",
        body: cartQuoteBodySchema,
        response: { 200: cartQuoteSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => quoteCart(db, request.store.id, request.user?.id ?? null, request.body),
  );
};
