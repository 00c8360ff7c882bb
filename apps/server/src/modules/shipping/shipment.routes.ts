import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@store/contracts/api-errors';
import { adminOrderShipmentSchema, bookShipmentBodySchema } from '@store/contracts/admin/orders';
import { errorResponseSchema } from '@store/contracts/common';
import type { Db } from '../../db/client';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { actorOf } from '../activity/activity.service';
import { adminOrderParams } from '../orders/admin-orders.routes';
import { sendPdf } from '../orders/order-documents.routes';
import type { Couriers } from './couriers/couriers';
import { bookOrderShipment, getOrderShipment, shipmentLabel } from './shipment-booking.service';
import { applyTrackingEvent } from './shipment-tracking.service';

const tags = ['admin: orders'];
const courierErrors = {
  ...adminErrors,
  422: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};

/** Book shipment and the label, on an order's page (staff). */
export const adminShipmentRoutes: FastifyPluginAsyncZod<{ db: Db; couriers: Couriers }> = async (
  app,
  { db, couriers },
) => {
  app.addHook('onRequest', app.staffOnly);

  app.get(
    '/admin/orders/:orderId/shipment',
    {
      schema: {
        tags,
        summary: "The order's parcel booked with a courier, and the couriers set up here",
        security: adminSecurity,
        params: adminOrderParams,
        response: { 200: adminOrderShipmentSchema, ...adminErrors },
      },
    },
    (request) => getOrderShipment(db, couriers, request.store.id, request.params.orderId),
  );

  app.post(
    '/admin/orders/:orderId/shipment',
    {
      schema: {
        tags,
        summary:
          'Book shipment (Processing only): the courier order, its AWB, the pickup and the label; a booking stopped part-way continues',
        security: adminSecurity,
        params: adminOrderParams,
        body: bookShipmentBodySchema.optional(),
        response: { 200: adminOrderShipmentSchema, ...courierErrors },
      },
    },
    async (request) => {
      await bookOrderShipment(
        db,
        couriers,
        actorOf(request),
        request.params.orderId,
        request.body?.courier,
      );
      return getOrderShipment(db, couriers, request.store.id, request.params.orderId);
    },
  );

  app.get(
    '/admin/orders/:orderId/shipment/label.pdf',
    {
      schema: {
        tags,
        summary: "The booked parcel's shipping label (PDF, to print and stick on it)",
        security: adminSecurity,
        params: adminOrderParams,
        response: { ...adminErrors },
      },
    },
    async (request, reply) => {
      // opened in the browser's viewer, to print
      return sendPdf(
        reply,
        await shipmentLabel(db, request.store.id, request.params.orderId),
        'inline',
      );
    },
  );
};

/**
 * Shiprocket refuses a webhook address containing "shiprocket", "kartrocket", "sr" or "kr"
 * (its webhook setup notes), so its tracking is also taken at this name: the one to enter in
 * Shiprocket's panel (docs/decisions/shiprocket.md).
 */
export const courierWebhookAliases: Record<string, string> = { 'parcel-updates': 'shiprocket' };

const webhookResponse = z.object({
  success: z.literal(true),
  outcome: z.enum(['applied', 'replayed', 'ignored']),
});

/** POST /shipping/webhooks/:courier: a courier's tracking updates (its token checked first). */
export const courierWebhookRoutes: FastifyPluginAsyncZod<{ db: Db; couriers: Couriers }> = async (
  app,
  { db, couriers },
) => {
  const courierOf = (name: string) => couriers.find(courierWebhookAliases[name] ?? name);

  app.post(
    '/shipping/webhooks/:courier',
    {
      schema: {
        tags: ['shipping'],
        summary:
          "A courier's tracking update (Shiprocket: its panel's security token in x-api-key); moves the order to Shipped, Delivered or returned undelivered once",
        params: z.object({ courier: z.string().max(40) }),
        response: { 200: webhookResponse, 401: errorResponseSchema, 404: errorResponseSchema },
      },
      // the token before the body is even read: an unsigned caller learns nothing
      onRequest: async (request, reply) => {
        const name = (request.params as { courier?: string }).courier ?? '';
        const courier = courierOf(name);
        if (!courier)
          return reply.code(404).send(errorBody(`No courier called ${name}`, 'not_found'));
        if (!courier.verifyWebhook(request.headers))
          return reply
            .code(401)
            .send(errorBody('Missing or wrong webhook token (x-api-key)', 'unauthenticated'));
      },
    },
    async (request) => {
      const courier = courierOf(request.params.courier)!;
      const event = courier.parseTrackingEvent(request.body);
      if (!event) return { success: true as const, outcome: 'ignored' as const };
      const { outcome } = await applyTrackingEvent(db, courier, event, {
        onAvailabilityChange: () => app.catalogueChanged(),
      });
      // the shopper's Shipped / Delivered e-mail committed with the order's move
      app.emailQueued();
      return { success: true as const, outcome };
    },
  );
};
