import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@store/contracts/common';
import { trackOrderQuerySchema } from '@store/contracts/orders';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { trackOrderRateLimit } from '../../plugins/rate-limit';
import { documentPdf } from '../invoices/invoices.service';
import { normalizeOrderId } from './order-id';
import { packingSlipOf, renderPackingSlipPdf } from './packing-slip';
import { DEFAULT_PAY_WINDOW_MS, findOrderForViewer } from './orders.service';
import { ORDER_NOT_FOUND } from './orders.routes';

const documentParams = z.object({
  orderId: z.string().min(1).max(64),
  documentId: z.string().min(1).max(64),
});

const DOCUMENT_NOT_FOUND = 'Document not found';

/**
 * A stored PDF as a private answer: a tax invoice or a shipping label names the buyer and their
 * address, so no shared cache may keep it. 'inline' opens in the browser's viewer (a label, to
 * print); 'attachment' saves it.
 */
export function sendPdf(
  reply: FastifyReply,
  file: { fileName: string; pdf: Uint8Array },
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(file.pdf));
}

/**
 * GET /orders/{orderId}/documents/{documentId}.pdf: an order's tax invoice or credit note, for the
 * order's owner (Bearer token) or a visitor who knows its e-mail or phone (contactInfo), exactly
 * as Track order sees the order, and rate limited like it.
 */
export const orderDocumentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/orders/:orderId/documents/:documentId.pdf',
    {
      onRequest: app.optionalAuth,
      config: { rateLimit: trackOrderRateLimit },
      schema: {
        tags: ['orders'],
        summary:
          "Download an order's tax invoice or credit note (PDF): the owner's token, or the order's email or phone as contactInfo",
        params: documentParams,
        querystring: trackOrderQuerySchema,
        response: { 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const order = await findOrderForViewer(
        db,
        request.store.id,
        request.params.orderId,
        { userId: request.user?.id, contact: request.query.contactInfo },
        { payWindowMs: DEFAULT_PAY_WINDOW_MS },
      );
      if (!order) return reply.code(404).send({ error: ORDER_NOT_FOUND, code: 'not_found' });
      const file = await documentPdf(db, {
        storeId: request.store.id,
        orderId: order.id,
        documentId: request.params.documentId,
      });
      if (!file) return reply.code(404).send({ error: DOCUMENT_NOT_FOUND, code: 'not_found' });
      return sendPdf(reply, file);
    },
  );
};

/** GET /admin/orders/{orderId}/documents/{documentId}.pdf: the same document, for the shop's staff. */
export const adminOrderDocumentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.staffOnly);

  app.get(
    '/admin/orders/:orderId/documents/:documentId.pdf',
    {
      schema: {
        tags: ['admin: orders'],
        summary: "Download an order's tax invoice or credit note (PDF)",
        security: adminSecurity,
        params: documentParams,
        response: { ...adminErrors },
      },
    },
    async (request, reply) => {
      const orderId = normalizeOrderId(request.params.orderId);
      const file = orderId
        ? await documentPdf(db, {
            storeId: request.store.id,
            orderId,
            documentId: request.params.documentId,
          })
        : null;
      if (!file) throw new HttpError(404, DOCUMENT_NOT_FOUND);
      return sendPdf(reply, file);
    },
  );

  app.get(
    '/admin/orders/:orderId/packing-slip.pdf',
    {
      schema: {
        tags: ['admin: orders'],
        summary:
          'The order’s packing slip (PDF): ship-to, the items and quantities with tick boxes, no prices but the cash to collect on delivery',
        security: adminSecurity,
        params: z.object({ orderId: z.string().min(1).max(64) }),
        response: { ...adminErrors },
      },
    },
    async (request, reply) => {
      const orderId = normalizeOrderId(request.params.orderId);
      const slip = orderId ? await packingSlipOf(db, request.store.id, orderId) : null;
      if (!slip) throw new HttpError(404, ORDER_NOT_FOUND);
      return sendPdf(reply, {
        fileName: `packing-slip-${slip.orderId}.pdf`,
        pdf: await renderPackingSlipPdf(slip),
      });
    },
  );
};
