import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { operatorOnly } from '../../lib/operator-token';
import {
  operatorOrderDetailSchema,
  operatorOrderListQuerySchema,
  operatorOrderListSchema,
} from '@store/contracts/operator';
import { commandLineActor } from '../activity/activity.service';
import { getOperatorOrder, listOperatorOrders } from './operator-orders.service';
import { OrderTransitionError, transitionOrder } from './order-transitions.service';

/**
 * /operator/orders (GET the list, GET one, POST :action): how `npm run store -- ...` reaches a
 * running server whose embedded database it cannot open, with the operator token of
 * lib/operator-token.ts.
 */
export const operatorRoutes: FastifyPluginAsyncZod<{ db: Db; jwtSecret: Uint8Array }> = async (
  app,
  { db, jwtSecret },
) => {
  // every route here checks the token first: an anonymous caller learns nothing about parameters
  app.addHook('onRequest', operatorOnly(jwtSecret));

  app.get(
    '/operator/orders',
    {
      schema: {
        hide: true,
        querystring: operatorOrderListQuerySchema,
        response: { 200: operatorOrderListSchema },
      },
    },
    (request) => listOperatorOrders(db, request.query),
  );

  app.get(
    '/operator/orders/:orderId',
    {
      schema: {
        hide: true,
        params: z.object({ orderId: z.string().max(64) }),
        response: { 200: operatorOrderDetailSchema },
      },
    },
    (request) => getOperatorOrder(db, request.params.orderId),
  );

  app.post(
    '/operator/orders/:orderId/:action',
    {
      schema: {
        hide: true,
        params: z.object({
          orderId: z.string().max(64),
          action: z.enum(['ship', 'deliver', 'cancel']),
        }),
        body: z
          .strictObject({
            trackingNumber: z.string().max(64).optional(),
            carrier: z.string().max(60).optional(),
          })
          .optional(),
      },
    },
    async (request) => {
      try {
        const done = await transitionOrder(db, request.params.orderId, request.params.action, {
          trackingNumber: request.body?.trackingNumber,
          carrier: request.body?.carrier,
          // logged as the command line, under the order's own store
          actor: commandLineActor,
          // returned stock may bring a product back: the storefront should show it
          onAvailabilityChange: () => app.catalogueChanged(),
        });
        // the shopper's e-mail of this change committed with it
        app.emailQueued();
        return done;
      } catch (err) {
        if (err instanceof OrderTransitionError) {
          if (err.kind === 'invalid' && err.field)
            throw new HttpError(400, err.message, { [err.field]: err.message });
          throw new HttpError(409, err.message, undefined, err.code);
        }
        throw err;
      }
    },
  );
};
