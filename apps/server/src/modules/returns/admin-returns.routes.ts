import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReturnDetailSchema,
  adminReturnListQuerySchema,
  adminReturnListSchema,
  approveReturnBodySchema,
  refundReturnBodySchema,
  rejectReturnBodySchema,
} from '@store/contracts/admin/returns';
import type { Db } from '../../db/client';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { adminListRoute } from '../../plugins/admin-list-route';
import { actorOf } from '../activity/activity.service';
import type { PaymentConfig } from '../payments/payment-config';
import {
  approveReturn,
  getReturn,
  listReturns,
  receiveReturn,
  refundReturn,
  rejectReturn,
} from './returns.service';

const tags = ['admin: returns'];
const params = z.object({ returnId: z.string().min(1).max(64) });

/**
 * /admin/returns: the shoppers' return requests, and each move forward: approve (instructions),
 * reject (a reason), mark received (stock back), refund (partial allowed; credit note).
 */
export const adminReturnRoutes: FastifyPluginAsyncZod<{ db: Db; config: PaymentConfig }> = async (
  app,
  { db, config },
) => {
  app.addHook('onRequest', app.staffOnly);

  adminListRoute(
    app,
    {
      path: '/admin/returns',
      tags,
      summary: 'Return requests, newest first, by state',
      querystring: adminReturnListQuerySchema,
      response: adminReturnListSchema,
    },
    (storeId, query) => listReturns(db, storeId, query),
  );

  app.get(
    '/admin/returns/:returnId',
    {
      schema: {
        tags,
        summary: "A return's page: lines, reason, photos, the order's payments and credit notes",
        security: adminSecurity,
        params,
        response: { 200: adminReturnDetailSchema, ...adminErrors },
      },
    },
    (request) => getReturn(db, request.store.id, request.params.returnId),
  );

  app.post(
    '/admin/returns/:returnId/approve',
    {
      schema: {
        tags,
        summary: 'Approve a requested return, with the instructions the shopper follows',
        security: adminSecurity,
        params,
        body: approveReturnBodySchema.strict(),
        response: { 200: adminReturnDetailSchema, ...adminErrors },
      },
    },
    async (request) => {
      await approveReturn(db, actorOf(request), request.params.returnId, request.body.instructions);
      app.emailQueued();
      return getReturn(db, request.store.id, request.params.returnId);
    },
  );

  app.post(
    '/admin/returns/:returnId/reject',
    {
      schema: {
        tags,
        summary: 'Reject a requested return, with the reason the shopper sees',
        security: adminSecurity,
        params,
        body: rejectReturnBodySchema.strict(),
        response: { 200: adminReturnDetailSchema, ...adminErrors },
      },
    },
    async (request) => {
      await rejectReturn(db, actorOf(request), request.params.returnId, request.body.reason);
      app.emailQueued();
      return getReturn(db, request.store.id, request.params.returnId);
    },
  );

  app.post(
    '/admin/returns/:returnId/receive',
    {
      schema: {
        tags,
        summary: 'Mark an approved return received: its units go back on stock',
        security: adminSecurity,
        params,
        response: { 200: adminReturnDetailSchema, ...adminErrors },
      },
    },
    async (request) => {
      if (await receiveReturn(db, actorOf(request), request.params.returnId))
        app.catalogueChanged();
      return getReturn(db, request.store.id, request.params.returnId);
    },
  );

  app.post(
    '/admin/returns/:returnId/refund',
    {
      schema: {
        tags,
        summary:
          'Refund a received return, in full or in part (PayU through PayU, else recorded with the reference); a credit note follows',
        security: adminSecurity,
        params,
        body: refundReturnBodySchema.strict(),
        response: { 200: adminReturnDetailSchema, ...adminErrors },
      },
    },
    async (request) => {
      await refundReturn(db, config, actorOf(request), request.params.returnId, {
        paymentId: request.body.paymentId,
        amountPaise: Math.round(request.body.amount * 100),
        reference: request.body.reference || undefined,
      });
      app.emailQueued();
      return getReturn(db, request.store.id, request.params.returnId);
    },
  );
};
