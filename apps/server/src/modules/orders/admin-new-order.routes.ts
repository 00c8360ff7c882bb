import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cartQuoteSchema } from '@store/contracts/cart-quote';
import { errorResponseSchema } from '@store/contracts/common';
import {
  newOrderBodySchema,
  newOrderCustomerListSchema,
  newOrderCustomerQuerySchema,
  newOrderProductListSchema,
  newOrderProductQuerySchema,
  newOrderQuoteBodySchema,
  newOrderResponseSchema,
} from '@store/contracts/admin/new-order';
import type { Db } from '../../db/client';
import { idempotencyKeyOf, idempotent, sendIdempotent } from '../../lib/idempotency';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { actorOf } from '../activity/activity.service';
import { findProductsToOrder } from '../products/products.service';
import { quoteCart } from '../pricing/quote.service';
import { findCustomersToOrderFor } from '../users/admin-customers.service';
import {
  placeStaffOrder,
  resolveOrderCustomer,
  type OrderCustomer,
} from './admin-new-order.service';
import { DEFAULT_PAY_WINDOW_MS } from './orders.service';
import { withoutTrailingSlashes } from '../../lib/request-path';

const tags = ['admin: orders'];

export interface AdminNewOrderRoutesOptions {
  db: Db;
  jwtSecret: Uint8Array;
  payWindowMs?: number;
  publicBaseUrl?: string | undefined;
}

/**
 * The back office's New order (an order taken by phone or WhatsApp): every staff member, like the
 * rest of Orders (spec: staff have orders). The customer search, the totals before placing, and
 * the order itself, placed by the storefront's createOrder.
 */
export const adminNewOrderRoutes: FastifyPluginAsyncZod<AdminNewOrderRoutesOptions> = async (
  app,
  { db, jwtSecret, payWindowMs = DEFAULT_PAY_WINDOW_MS, publicBaseUrl },
) => {
  app.addHook('onRequest', app.staffOnly);

  app.get(
    '/admin/new-order/customers',
    {
      schema: {
        tags,
        summary:
          'New order: customers by name, e-mail or mobile, with their mobile and saved addresses',
        security: adminSecurity,
        querystring: newOrderCustomerQuerySchema,
        response: { 200: newOrderCustomerListSchema, ...adminErrors },
      },
    },
    async (request) => ({
      data: await findCustomersToOrderFor(db, request.store.id, request.query.q),
    }),
  );

  app.get(
    '/admin/new-order/products',
    {
      schema: {
        tags,
        summary: 'New order: products by title or SKU, with their sizes, colours and stock',
        security: adminSecurity,
        querystring: newOrderProductQuerySchema,
        response: { 200: newOrderProductListSchema, ...adminErrors },
      },
    },
    async (request) => ({
      data: await findProductsToOrder(db, request.store.id, request.query.q),
    }),
  );

  app.post(
    '/admin/new-order/quote',
    {
      schema: {
        tags,
        summary:
          "New order: the totals before placing (subtotal, discount, delivery, COD fee, GST, total), priced as the storefront's cart is; an existing customer's own discount uses count",
        security: adminSecurity,
        body: newOrderQuoteBodySchema,
        response: { 200: cartQuoteSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { customerId, payment, ...cart } = request.body;
      return quoteCart(db, request.store.id, customerId ?? null, {
        ...cart,
        ...(payment === 'cod' ? { paymentMethod: 'cod' as const } : {}),
      });
    },
  );

  app.post(
    '/admin/orders',
    {
      schema: {
        tags,
        summary:
          'New order for a customer (existing, or new: an account and an invitation to choose a password), placed as the storefront places orders (stock, GST, discounts, delivery, COD rules); cash on delivery confirmed, or a payment link e-mailed and answered. Idempotency-Key: a retry gets the first answer (Idempotent-Replayed: true)',
        security: adminSecurity,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: newOrderBodySchema,
        response: {
          201: newOrderResponseSchema,
          ...adminErrors,
          410: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const storeId = request.store.id;
      let customer: OrderCustomer | undefined;
      // the customer is found (or made) first in the transaction: the key is theirs, so a retry
      // of a new customer's order finds the account the first request made, and its answer
      const findCustomer = async (tx: Parameters<typeof resolveOrderCustomer>[0]) => {
        customer = await resolveOrderCustomer(tx, storeId, request.body.customer);
        return customer.id;
      };
      let availabilityChanged = false;
      const result = await idempotent(
        db,
        {
          userId: findCustomer,
          // one staff member's keys never answer another's
          scope: `POST /admin/orders ${actor.staffId ?? ''}`,
          key: idempotencyKeyOf(request),
          body: request.body,
        },
        async (tx) => {
          if (!customer) await findCustomer(tx);
          const placed = await placeStaffOrder(tx, {
            storeId,
            actor,
            customer: customer!,
            body: request.body,
            view: { payWindowMs },
            jwtSecret,
            baseUrl: publicBaseUrl
              ? withoutTrailingSlashes(publicBaseUrl)
              : `${request.protocol}://${request.host}`,
          });
          availabilityChanged = placed.availabilityChanged;
          return { statusCode: 201, body: placed.body };
        },
      );
      if (availabilityChanged) app.catalogueChanged();
      if (!result.replayed) app.emailQueued();
      return sendIdempotent(reply, result);
    },
  );
};
