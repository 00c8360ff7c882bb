import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { heldStockResponseSchema } from '@store/contracts/admin/held-stock';
import type { Db } from '../../db/client';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { listHeldStock } from './held-stock.service';
import { DEFAULT_PAY_WINDOW_MS } from './orders.service';

/** /admin/held-stock: who holds stock without paying, for the back office (all staff). */
export const adminHeldStockRoutes: FastifyPluginAsyncZod<{ db: Db; payWindowMs?: number }> = async (
  app,
  { db, payWindowMs = DEFAULT_PAY_WINDOW_MS },
) => {
  app.addHook('onRequest', app.staffOnly);

  app.get(
    '/admin/held-stock',
    {
      schema: {
        tags: ['admin: orders'],
        summary:
          'Shoppers holding stock without money (unpaid or unconfirmed cash-on-delivery orders): their orders, units per product and when each hold lapses',
        security: adminSecurity,
        response: { 200: heldStockResponseSchema, ...adminErrors },
      },
    },
    (request) => listHeldStock(db, request.store.id, payWindowMs),
  );
};
