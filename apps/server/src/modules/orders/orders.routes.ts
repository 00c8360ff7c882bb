import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@store/contracts/common';
import {
  createOrderBodySchema,
  createOrderResponseSchema,
  orderListResponseSchema,
  orderParamsSchema,
  orderSchema,
  shippingAddressSchema,
  trackOrderQuerySchema,
} from '@store/contracts/orders';
import type { Db } from '../../db/client';
import { trackOrderRateLimit } from '../../plugins/rate-limit';
import { createOrder, findOrderForViewer, listOrders } from './orders.service';

export const ORDER_NOT_FOUND = 'Order not found or access denied';

/**
 * Unknown fields are refused, except price and total fields a client might send: those are
 * accepted and ignored, because prices only ever come from the catalogue.
 */
const ignored = z.unknown().optional();
const strictCreateOrderBody = createOrderBodySchema
  .extend({
    shippingAddress: shippingAddressSchema.strict(),
    total: ignored,
    totalPrice: ignored,
    price: ignored,
  })
  .strict();

export const orderRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/orders',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: "The signed-in shopper's orders, newest first",
        security: [{ bearerAuth: [] }],
        response: { 200: orderListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => listOrders(db, request.store.id, request.user!.id),
  );

  app.get(
    '/orders/:orderId',
    {
      preHandler: app.optionalAuth,
      config: { rateLimit: trackOrderRateLimit },
      schema: {
        tags: ['orders'],
        summary:
          "Track an order: needs the order's email or phone as contactInfo, or the owner's token",
        params: orderParamsSchema,
        querystring: trackOrderQuerySchema,
        response: { 200: orderSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const order = await findOrderForViewer(db, request.store.id, request.params.orderId, {
        userId: request.user?.id,
        contact: request.query.contactInfo,
      });
      if (!order) return reply.code(404).send({ error: ORDER_NOT_FOUND });
      return order;
    },
  );

  app.post(
    '/orders',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Place an order from product ids and quantities (prices come from the catalogue)',
        security: [{ bearerAuth: [] }],
        body: strictCreateOrderBody,
        response: {
          201: createOrderResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const order = await createOrder(db, request.store.id, request.user!, request.body);
      return reply.code(201).send(order);
    },
  );
};
