import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@store/contracts/common';
import {
  codCodeBodySchema,
  createOrderBodySchema,
  createOrderResponseSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderParamsSchema,
  orderSchema,
  shippingAddressSchema,
  trackOrderQuerySchema,
} from '@store/contracts/orders';
import type { Db } from '../../db/client';
import { trackOrderRateLimit } from '../../plugins/rate-limit';
import { emptyCartForOrder } from '../carts/carts.service';
import { rememberAddress } from '../addresses/addresses.service';
import { idempotencyKeyOf, idempotent, sendIdempotent } from '../../lib/idempotency';
import {
  createOrder,
  DEFAULT_PAY_WINDOW_MS,
  findOrderForViewer,
  listOrders,
  type OrderViewOptions,
} from './orders.service';
import { confirmFreeOrder } from './order-transitions.service';
import { confirmCodCode, resendCodCode } from './cod-code.service';
import { payTokenOf, verifyPayLink } from './pay-link.service';

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

const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'One key per checkout attempt (a UUID), sent again on a retry: the same key and body get the first answer (header Idempotent-Replayed: true), another body 422. Kept 24 hours, per shopper.',
    ),
});

export const orderRoutes: FastifyPluginAsyncZod<{
  db: Db;
  jwtSecret: Uint8Array;
  payWindowMs?: number;
}> = async (app, { db, jwtSecret, payWindowMs = DEFAULT_PAY_WINDOW_MS }) => {
  const view: OrderViewOptions = { payWindowMs };

  app.get(
    '/orders',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary:
          "The signed-in shopper's orders, newest first, a page at a time (X-Total-Count; Link rel=next while more remain)",
        security: [{ bearerAuth: [] }],
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const { orders, total } = await listOrders(
        db,
        request.store.id,
        request.user!.id,
        { page, limit },
        view,
      );
      reply.header('x-total-count', String(total));
      if (page * limit < total) {
        reply.header('link', `</api/v1/orders?page=${page + 1}&limit=${limit}>; rel="next"`);
      }
      return orders;
    },
  );

  app.get(
    '/orders/:orderId',
    {
      onRequest: app.optionalAuth,
      config: { rateLimit: trackOrderRateLimit },
      schema: {
        tags: ['orders'],
        summary:
          "Track an order: needs the order's email or phone as contactInfo, the owner's token, or a payment link's token (X-Pay-Token) for this order",
        params: orderParamsSchema,
        querystring: trackOrderQuerySchema,
        response: {
          200: orderSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          410: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // a payment link opens its own order only; a bad or expired one says so (403, 410)
      const payToken = payTokenOf(request);
      const viaLink = payToken
        ? Boolean(
            await verifyPayLink(jwtSecret, payToken, request.store.id, request.params.orderId),
          )
        : false;
      const order = await findOrderForViewer(
        db,
        request.store.id,
        request.params.orderId,
        { userId: request.user?.id, contact: request.query.contactInfo, viaLink },
        view,
      );
      if (!order) return reply.code(404).send({ error: ORDER_NOT_FOUND, code: 'not_found' });
      return order;
    },
  );

  app.post(
    '/orders',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Place an order from product ids and quantities (prices come from the catalogue)',
        security: [{ bearerAuth: [] }],
        headers: idempotencyHeaders,
        body: strictCreateOrderBody,
        response: {
          201: createOrderResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      let availabilityChanged = false;
      const result = await idempotent(
        db,
        {
          userId: user.id,
          scope: 'POST /orders',
          key: idempotencyKeyOf(request),
          body: request.body,
        },
        async (tx) => {
          const placed = await createOrder(tx, request.store.id, user, request.body, view);
          // discounts covering everything: confirmed now, nothing to pay (the checkout goes to
          // the thank-you page instead of the payment page)
          if (placed.order.total === 0 && (await confirmFreeOrder(tx, placed.order.id))) {
            const confirmed = await findOrderForViewer(
              tx,
              request.store.id,
              placed.order.id,
              { userId: user.id },
              view,
            );
            if (confirmed) placed.order = confirmed;
          }
          // saved with the order or not at all; the same address again stays one entry
          if (request.body.saveAddress)
            await rememberAddress(tx, request.store.id, user.id, request.body.shippingAddress);
          // the storefront empties its cart with the order: the account's empties with it, so no
          // device shows it again and no reminder is ever sent for what was ordered
          await emptyCartForOrder(tx, request.store.id, user.id);
          availabilityChanged = placed.availabilityChanged;
          return { statusCode: 201, body: placed.order };
        },
      );
      // Only when a storefront would show something new ("Only 3 left", Sold out): most orders
      // leave the catalogue cache alone. Other processes see it when their cached entries expire
      // (ResponseCache TTL, 30 s; an order is guarded by the stock UPDATE, never by the cache);
      // pushing the change to them is issue 11's LISTEN/NOTIFY.
      if (availabilityChanged) app.catalogueChanged();
      // the confirmation e-mail committed with the order: send it now
      if (!result.replayed && result.statusCode === 201) app.emailQueued();
      return sendIdempotent(reply, result);
    },
  );

  // cash on delivery that checks first (cod-code.service, docs/decisions/cod-checks.md)
  app.post(
    '/orders/:orderId/cod-code',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary:
          "Confirm the signed-in shopper's cash-on-delivery order with the code sent to its phone: 204; a wrong code 400 cod_code_wrong (tries left in the message), lapsed 410 or tried too often 429 cod_code_expired (ask for a new one); 409 when the order needs no code or is confirmed",
        security: [{ bearerAuth: [] }],
        params: orderParamsSchema,
        body: codCodeBodySchema,
        response: {
          204: z.null(),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          410: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const shopper = { storeId: request.store.id, userId: request.user!.id };
      await confirmCodCode(db, shopper, request.params.orderId, request.body.code);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/orders/:orderId/cod-code/resend',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary:
          "Send a new confirmation code to the phone of the shopper's cash-on-delivery order (the old one stops working): once a minute and a few times in all (429)",
        security: [{ bearerAuth: [] }],
        params: orderParamsSchema,
        response: {
          200: z.object({ phone: z.string() }),
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const shopper = { storeId: request.store.id, userId: request.user!.id };
      const sent = await resendCodCode(db, shopper, request.params.orderId);
      // the new code committed with it: the messages job sends it now
      app.emailQueued();
      return sent;
    },
  );
};
