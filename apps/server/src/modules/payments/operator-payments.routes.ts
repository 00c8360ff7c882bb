import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  recordedRefundSchema,
  recordRefundBodySchema,
  refundsDueSchema,
} from '@store/contracts/payments';
import type { Db } from '../../db/client';
import { operatorOnly } from '../../lib/operator-token';
import type { PaymentConfig } from './payment-config';
import { listRefundsDue, recordRefund } from './refunds.service';

/**
 * /operator/payments: the refunds the shop owes and recording one. Same operator token as
 * /operator/orders (the CLI signs it with the server's JWT key when the server holds the database).
 */
export const operatorPaymentRoutes: FastifyPluginAsyncZod<{
  db: Db;
  jwtSecret: Uint8Array;
  config: PaymentConfig;
}> = async (app, { db, jwtSecret, config }) => {
  app.addHook('onRequest', operatorOnly(jwtSecret));

  app.get(
    '/operator/payments/refunds',
    { schema: { hide: true, response: { 200: refundsDueSchema } } },
    () => listRefundsDue(db),
  );

  app.post(
    '/operator/payments/:paymentId/refunds',
    {
      schema: {
        hide: true,
        params: z.object({ paymentId: z.string().min(1).max(64) }),
        body: recordRefundBodySchema,
        response: { 200: recordedRefundSchema },
      },
    },
    async (request) => {
      const refund = await recordRefund(db, config, {
        paymentId: request.params.paymentId,
        amountPaise: Math.round(request.body.amount * 100),
        reference: request.body.reference,
      });
      app.emailQueued();
      return refund;
    },
  );
};
