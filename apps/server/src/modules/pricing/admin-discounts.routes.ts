import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDiscountListQuerySchema,
  adminDiscountListSchema,
  adminDiscountSchema,
  discountActiveBodySchema,
  discountFormSchema,
} from '@store/contracts/admin/discounts';
import type { Db } from '../../db/client';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { adminListRoute } from '../../plugins/admin-list-route';
import { actorOf } from '../activity/activity.service';
import {
  createDiscount,
  getDiscount,
  listDiscounts,
  setDiscountActive,
  updateDiscount,
} from './admin-discounts.service';

const tags = ['admin: discounts'];
const params = z.object({ id: z.string().max(64) });

/**
 * /admin/discounts: coupon codes and automatic offers. Owner and staff alike, as with products and
 * their prices (docs/decisions/promotions.md); every change is in the activity log.
 */
export const adminDiscountRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.staffOnly);

  adminListRoute(
    app,
    {
      path: '/admin/discounts',
      tags,
      summary: 'The discounts, newest first, with how many orders (not cancelled) used each',
      querystring: adminDiscountListQuerySchema,
      response: adminDiscountListSchema,
    },
    (storeId, query) => listDiscounts(db, storeId, query),
  );

  app.get(
    '/admin/discounts/:id',
    {
      schema: {
        tags,
        summary: 'One discount, as its form shows it',
        security: adminSecurity,
        params,
        response: { 200: adminDiscountSchema, ...adminErrors },
      },
    },
    async (request) => getDiscount(db, request.store.id, request.params.id),
  );

  app.post(
    '/admin/discounts',
    {
      schema: {
        tags,
        summary: 'New discount: a Coupon code, or an automatic offer when the code is empty',
        security: adminSecurity,
        body: discountFormSchema,
        response: { 201: adminDiscountSchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDiscount(db, actorOf(request), request.body)),
  );

  app.put(
    '/admin/discounts/:id',
    {
      schema: {
        tags,
        summary: 'Change a discount (orders already placed keep what they got)',
        security: adminSecurity,
        params,
        body: discountFormSchema,
        response: { 200: adminDiscountSchema, ...adminErrors },
      },
    },
    async (request) => updateDiscount(db, actorOf(request), request.params.id, request.body),
  );

  app.patch(
    '/admin/discounts/:id',
    {
      schema: {
        tags,
        summary: 'Deactivate a discount, or activate it again',
        security: adminSecurity,
        params,
        body: discountActiveBodySchema,
        response: { 200: adminDiscountSchema, ...adminErrors },
      },
    },
    async (request) =>
      setDiscountActive(db, actorOf(request), request.params.id, request.body.active),
  );
};
