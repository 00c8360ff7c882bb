import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMessageListQuerySchema,
  adminMessageListSchema,
  adminSubscriberListQuerySchema,
  adminSubscriberListSchema,
  contactMessageSchema,
  markMessageBodySchema,
  messageIdParamsSchema,
  subscriberCsvColumns,
} from '@store/contracts/admin/messages';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { adminListRoute } from '../../plugins/admin-list-route';
import { toCsv } from '../../lib/csv';
import { shopDate } from '../../lib/shop-days';
import {
  findContactMessage,
  listContactMessages,
  listSubscribers,
  markContactMessage,
  signNewsletterToken,
  subscribersForExport,
} from './messages.service';

const tags = ['admin: messages'];

/** /admin/messages (the contact form's inbox) and /admin/newsletter (its subscribers): all staff. */
export const adminMessageRoutes: FastifyPluginAsyncZod<{
  db: Db;
  jwtSecret: Uint8Array;
  baseUrl: string;
}> = async (app, { db, jwtSecret, baseUrl }) => {
  app.addHook('onRequest', app.staffOnly);

  adminListRoute(
    app,
    {
      path: '/admin/messages',
      tags,
      summary: 'The contact form’s messages, newest first, with the number unread',
      querystring: adminMessageListQuerySchema,
      response: adminMessageListSchema,
    },
    (storeId, query) => listContactMessages(db, storeId, query),
  );

  app.get(
    '/admin/messages/:id',
    {
      schema: {
        tags,
        summary: 'One message',
        security: adminSecurity,
        params: messageIdParamsSchema,
        response: { 200: contactMessageSchema, ...adminErrors },
      },
    },
    async (request) => {
      const found = await findContactMessage(db, request.store.id, request.params.id);
      if (!found) throw new HttpError(404, 'Unknown message');
      return found;
    },
  );

  app.post(
    '/admin/messages/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark a message read or unread',
        security: adminSecurity,
        params: messageIdParamsSchema,
        body: markMessageBodySchema,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await markContactMessage(db, request.store.id, id, request.body.read)))
        throw new HttpError(404, 'Unknown message');
      return reply.code(204).send(null);
    },
  );

  adminListRoute(
    app,
    {
      path: '/admin/newsletter',
      tags,
      summary: 'Confirmed newsletter subscribers (not unsubscribed), newest first',
      querystring: adminSubscriberListQuerySchema,
      response: adminSubscriberListSchema,
    },
    (storeId, query) => listSubscribers(db, storeId, query),
  );

  app.get(
    '/admin/newsletter/export.csv',
    {
      schema: {
        tags,
        summary:
          'Confirmed subscribers as CSV (UTF-8, RFC 4180): e-mail, consent and confirmation times, and each one’s unsubscribe link for a mailing tool',
        security: adminSecurity,
        produces: ['text/csv'],
        response: { 200: z.string().describe('the CSV file'), ...adminErrors },
      },
    },
    async (request, reply) => {
      const storeId = request.store.id;
      const rows = await subscribersForExport(db, storeId);
      const lines: string[][] = [[...subscriberCsvColumns]];
      for (const s of rows) {
        const token = await signNewsletterToken(jwtSecret, { storeId, subscriberId: s.id });
        lines.push([
          s.email,
          s.consentedAt.toISOString(),
          s.confirmedAt!.toISOString(),
          `${baseUrl}/newsletter#token=${encodeURIComponent(token)}&action=unsubscribe`,
        ]);
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="newsletter-subscribers-${shopDate()}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(toCsv(lines));
    },
  );
};
