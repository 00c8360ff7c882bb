import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@store/contracts/common';
import { productParamsSchema } from '@store/contracts/products';
import { stockAlertMessages } from '@store/contracts/stock';
import { stockAlertBodySchema, stockAlertResponseSchema } from '@store/contracts/stock-alerts';
import type { Db } from '../../db/client';
import { stockAlertLimits } from '../../plugins/rate-limit';
import { requestStockAlert } from './stock-alerts.service';

export const stockAlertRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/products/:id/stock-alerts',
    {
      onRequest: app.optionalAuth,
      preValidation: stockAlertLimits,
      schema: {
        tags: ['products'],
        summary:
          "Notify me: e-mail once when this sold-out product or variant is back (the signed-in shopper's e-mail when none is given; the same answer whether or not it had asked)",
        params: productParamsSchema,
        body: stockAlertBodySchema,
        response: {
          202: stockAlertResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await requestStockAlert(
        db,
        request.store.id,
        request.params.id,
        request.body,
        request.user?.id ?? null,
      );
      return reply.code(202).send({ message: stockAlertMessages.saved });
    },
  );
};
