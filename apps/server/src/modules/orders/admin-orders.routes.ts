import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderListSchema,
  cancelOrderBodySchema,
  orderNoteBodySchema,
  shipOrderBodySchema,
} from '@store/contracts/admin/orders';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { adminListRoute } from '../../plugins/admin-list-route';
import { actorOf } from '../activity/activity.service';
import { addOrderNote, getAdminOrder, listAdminOrders, storeOrderId } from './admin-orders.service';
import { confirmCodOrder } from './cod-confirmation.service';
import {
  OrderTransitionError,
  transitionOrder,
  type OperatorAction,
  type TransitionOptions,
} from './order-transitions.service';

const tags = ['admin: orders'];
export const adminOrderParams = z.object({ orderId: z.string().min(1).max(64) });

/** A refused transition as an HTTP answer: 404 unknown order, 400 bad tracking, else 409. */
export function transitionHttpError(err: unknown): unknown {
  if (!(err instanceof OrderTransitionError)) return err;
  if (err.kind === 'not_found') return new HttpError(404, err.message);
  if (err.kind === 'invalid')
    return new HttpError(400, err.message, err.field ? { [err.field]: err.message } : undefined);
  return new HttpError(409, err.message, undefined, err.code);
}

/** /admin/orders: the Orders table, an order's page, and ship / deliver / cancel (all staff). */
export const adminOrderRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.staffOnly);

  adminListRoute(
    app,
    {
      path: '/admin/orders',
      tags,
      summary: 'Orders, newest first: search by order id, e-mail or phone; status; date range',
      querystring: adminOrderListQuerySchema,
      response: adminOrderListSchema,
    },
    (storeId, query) => listAdminOrders(db, storeId, query),
  );

  app.get(
    '/admin/orders/:orderId',
    {
      schema: {
        tags,
        summary: "An order's page: items, address, payments, timeline, allowed actions",
        security: adminSecurity,
        params: adminOrderParams,
        response: { 200: adminOrderDetailSchema, ...adminErrors },
      },
    },
    (request) => getAdminOrder(db, request.store.id, request.params.orderId),
  );

  /** Runs a transition as the signed-in person and answers the order as it now is. */
  async function transition(
    request: FastifyRequest,
    orderId: string,
    action: OperatorAction,
    options: TransitionOptions = {},
  ) {
    try {
      const done = await transitionOrder(db, orderId, action, {
        ...options,
        storeId: request.store.id,
        actor: actorOf(request),
        // returned stock may bring a product back: every process's storefront should show it
        onAvailabilityChange: () => app.catalogueChanged(),
      });
      // the shopper's e-mail of this change committed with it
      app.emailQueued();
      return await getAdminOrder(db, request.store.id, done.id);
    } catch (err) {
      throw transitionHttpError(err);
    }
  }

  app.post(
    '/admin/orders/:orderId/ship',
    {
      schema: {
        tags,
        summary: 'Mark shipped (Processing only) with a carrier and its tracking number',
        security: adminSecurity,
        params: adminOrderParams,
        body: shipOrderBodySchema,
        response: { 200: adminOrderDetailSchema, ...adminErrors },
      },
    },
    (request) =>
      transition(request, request.params.orderId, 'ship', {
        carrier: request.body.carrier,
        trackingNumber: request.body.trackingNumber,
      }),
  );

  app.post(
    '/admin/orders/:orderId/deliver',
    {
      schema: {
        tags,
        summary: 'Mark delivered (Shipped only)',
        security: adminSecurity,
        params: adminOrderParams,
        body: z.strictObject({}).optional(),
        response: { 200: adminOrderDetailSchema, ...adminErrors },
      },
    },
    (request) => transition(request, request.params.orderId, 'deliver'),
  );

  app.post(
    '/admin/orders/:orderId/notes',
    {
      schema: {
        tags,
        summary:
          'Add an internal note to an order (the shopper never sees it); logged with who wrote it',
        security: adminSecurity,
        params: adminOrderParams,
        body: orderNoteBodySchema.strict(),
        response: { 200: adminOrderDetailSchema, ...adminErrors },
      },
    },
    async (request) => {
      const orderId = await storeOrderId(db, request.store.id, request.params.orderId);
      await addOrderNote(db, actorOf(request), orderId, request.body.text);
      return getAdminOrder(db, request.store.id, orderId);
    },
  );

  app.post(
    '/admin/orders/:orderId/cancel',
    {
      schema: {
        tags,
        summary:
          'Cancel (Pending or Processing): stock returns, a paid order is flagged for refund',
        security: adminSecurity,
        params: adminOrderParams,
        body: cancelOrderBodySchema.strict().optional(),
        response: { 200: adminOrderDetailSchema, ...adminErrors },
      },
    },
    (request) =>
      transition(request, request.params.orderId, 'cancel', {
        reason: request.body?.reason || undefined,
      }),
  );

  app.post(
    '/admin/orders/:orderId/return-undelivered',
    {
      schema: {
        tags,
        summary:
          'Returned undelivered (a Shipped cash-on-delivery order still to collect): Cancelled, stock returns, the COD attempt fails, a credit note reverses the invoice',
        security: adminSecurity,
        params: adminOrderParams,
        body: z.strictObject({}).optional(),
        response: { 200: adminOrderDetailSchema, ...adminErrors },
      },
    },
    (request) => transition(request, request.params.orderId, 'return_undelivered'),
  );

  app.post(
    '/admin/orders/:orderId/cod-confirmation',
    {
      schema: {
        tags,
        summary:
          'Confirm a cash-on-delivery order (Processing, not yet confirmed): it no longer expires after the store’s confirmation window',
        security: adminSecurity,
        params: adminOrderParams,
        body: z.strictObject({}).optional(),
        response: { 200: adminOrderDetailSchema, ...adminErrors },
      },
    },
    async (request) => {
      await confirmCodOrder(db, actorOf(request), request.params.orderId);
      return getAdminOrder(db, request.store.id, request.params.orderId);
    },
  );
};
