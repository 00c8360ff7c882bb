import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderDetailSchema,
  recordCodCollectionBodySchema,
  recordOrderRefundBodySchema,
  recordPaymentBodySchema,
} from '@store/contracts/admin/orders';
import type { Db } from '../../db/client';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { actorOf } from '../activity/activity.service';
import { adminOrderParams } from '../orders/admin-orders.routes';
import { getAdminOrder } from '../orders/admin-orders.service';
import { recordCodCollection } from './cod.service';
import { storeOrderId } from '../orders/admin-orders.service';
import { recordManualPayment } from './manual-payment.service';
import type { PaymentConfig } from './payment-config';
import { recordRefund } from './refunds.service';

const tags = ['admin: orders'];

/**
 * POST /admin/orders/:id/payments, /cod-collection and /refunds: money confirmed, collected at the
 * door or returned outside the checkout.
 */
export const adminPaymentRoutes: FastifyPluginAsyncZod<{ db: Db; config: PaymentConfig }> = async (
  app,
  { db, config },
) => {
  app.addHook('onRequest', app.staffOnly);

  app.post(
    '/admin/orders/:orderId/payments',
    {
      schema: {
        tags,
        summary:
          'Record a UPI payment confirmed outside the gateways (its 12-digit UTR): a Pending order becomes Processing',
        security: adminSecurity,
        params: adminOrderParams,
        body: recordPaymentBodySchema.strict(),
        response: { 200: adminOrderDetailSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { orderId } = await recordManualPayment(
        db,
        actorOf(request),
        request.params.orderId,
        request.body,
      );
      app.emailQueued();
      return getAdminOrder(db, request.store.id, orderId);
    },
  );

  app.post(
    '/admin/orders/:orderId/cod-collection',
    {
      schema: {
        tags,
        summary:
          'Record the cash of a cash-on-delivery order (Shipped or Delivered, to collect): its payment succeeds for the total; a Shipped order becomes Delivered',
        security: adminSecurity,
        params: adminOrderParams,
        body: recordCodCollectionBodySchema.strict(),
        response: { 200: adminOrderDetailSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { orderId } = await recordCodCollection(
        db,
        actorOf(request),
        request.params.orderId,
        request.body,
      );
      // its 'payment received' (and, for a Shipped order, 'delivered') e-mail goes out now
      app.emailQueued();
      return getAdminOrder(db, request.store.id, orderId);
    },
  );

  app.post(
    '/admin/orders/:orderId/refunds',
    {
      schema: {
        tags,
        summary:
          'Record a refund of one of the order’s payments (at most what is refundable; the same reference twice records it once)',
        security: adminSecurity,
        params: adminOrderParams,
        body: recordOrderRefundBodySchema.strict(),
        response: { 200: adminOrderDetailSchema, ...adminErrors },
      },
    },
    async (request) => {
      const orderId = await storeOrderId(db, request.store.id, request.params.orderId);
      await recordRefund(db, config, {
        paymentId: request.body.paymentId,
        amountPaise: Math.round(request.body.amount * 100),
        reference: request.body.reference,
        note: request.body.note,
        orderId,
        actor: actorOf(request),
      });
      app.emailQueued();
      return getAdminOrder(db, request.store.id, orderId);
    },
  );
};
