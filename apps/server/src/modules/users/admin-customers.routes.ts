import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCustomerListQuerySchema,
  adminCustomerListSchema,
  adminCustomerSchema,
} from '@store/contracts/admin/people';
import type { Db } from '../../db/client';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { adminListRoute } from '../../plugins/admin-list-route';
import { getCustomer, listCustomers } from './admin-customers.service';

const tags = ['admin: customers'];

/** /admin/customers: the searchable list and a customer's page (all staff; never a password or token). */
export const adminCustomerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.staffOnly);

  adminListRoute(
    app,
    {
      path: '/admin/customers',
      tags,
      summary:
        'Customers, newest first, with order counts and paid spend; search by name or e-mail',
      querystring: adminCustomerListQuerySchema,
      response: adminCustomerListSchema,
    },
    (storeId, query) => listCustomers(db, storeId, query),
  );

  app.get(
    '/admin/customers/:customerId',
    {
      schema: {
        tags,
        summary: 'A customer: details and orders',
        security: adminSecurity,
        params: z.object({ customerId: z.uuid({ error: 'No such customer' }) }),
        response: { 200: adminCustomerSchema, ...adminErrors },
      },
    },
    (request) => getCustomer(db, request.store.id, request.params.customerId),
  );
};
