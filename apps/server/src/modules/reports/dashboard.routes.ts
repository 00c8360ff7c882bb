import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@store/contracts/admin/people';
import type { Db } from '../../db/client';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { getDashboard } from './dashboard.service';

/** GET /admin/dashboard (all staff). */
export const adminDashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.staffOnly);

  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['admin: reports'],
        summary:
          'Sales for today, 7 and 30 days, daily revenue, orders to ship, refunds due, low stock',
        security: adminSecurity,
        response: { 200: dashboardSchema, ...adminErrors },
      },
    },
    (request) => getDashboard(db, request.store.id),
  );
};
