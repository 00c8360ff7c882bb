import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@store/contracts/common';
import { orderParamsSchema, orderSchema } from '@store/contracts/orders';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { DEFAULT_PAY_WINDOW_MS, findOrderForViewer } from '../orders/orders.service';
import type { PaymentConfig } from '../payments/payment-config';
import { cancelMessages, cancelOwnOrder } from './shopper-cancel.service';

/** The shopper's after-sale actions on their own orders: Cancel order (and, later, returns). */
export const shopperReturnRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: PaymentConfig;
  payWindowMs?: number;
}> = async (app, { db, config, payWindowMs = DEFAULT_PAY_WINDOW_MS }) => {
  app.post(
    '/orders/:orderId/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary:
          "Cancel the signed-in shopper's order while Pending or Processing (not shipped): stock returns, a PayU payment is refunded through PayU, any other paid payment is flagged for the shop to refund. 409 order_not_cancellable otherwise; another shopper's order 404",
        security: [{ bearerAuth: [] }],
        params: orderParamsSchema,
        response: {
          200: orderSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = request.user!;
      const result = await cancelOwnOrder(db, config, {
        storeId: request.store.id,
        userId: user.id,
        orderId: request.params.orderId,
      });
      if (result.availabilityChanged) app.catalogueChanged();
      // the 'cancelled' (and any refund) e-mail committed with the cancel: send it now
      app.emailQueued();
      const order = await findOrderForViewer(
        db,
        request.store.id,
        result.orderId,
        { userId: user.id },
        { payWindowMs },
      );
      if (!order) throw new HttpError(404, cancelMessages.notFound);
      return order;
    },
  );
};
