import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrderExportQuerySchema, gstSummaryQuerySchema } from '@store/contracts/admin/orders';
import { gstr1QuerySchema, gstr1Schema } from '@store/contracts/admin/gstr1';
import type { Db } from '../../db/client';
import { shopDate } from '../../lib/shop-days';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { gstSummaryCsv, gstSummaryRange } from '../invoices/gst-summary.service';
import { buildGstr1 } from '../invoices/gstr1.service';
import { gstr1Csv } from '../invoices/gstr1-csv';
import { exportOrdersCsv } from '../orders/orders-export.service';

const csvReply = { 200: z.string().describe('the CSV file (UTF-8, a header row)'), ...adminErrors };

/** The books as CSV: the Orders screen's orders, and the GST of the documents issued (all staff). */
export const adminExportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.staffOnly);

  app.get(
    '/admin/orders/export.csv',
    {
      schema: {
        tags: ['admin: orders'],
        summary:
          'The orders the Orders screen’s filters match (search, status, dates, COD), newest first, as CSV',
        security: adminSecurity,
        querystring: adminOrderExportQuerySchema,
        produces: ['text/csv'],
        response: csvReply,
      },
    },
    async (request, reply) => {
      const csv = await exportOrdersCsv(db, request.store.id, request.query);
      const { from, to } = request.query;
      const span = from || to ? `${from ?? 'start'}-to-${to ?? shopDate()}` : shopDate();
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${span}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/admin/reports/gst.csv',
    {
      schema: {
        tags: ['admin: reports'],
        summary:
          'GST of the tax invoices and credit notes issued from `from` to `to` (default: this month), per document and rate, with totals',
        security: adminSecurity,
        querystring: gstSummaryQuerySchema,
        produces: ['text/csv'],
        response: csvReply,
      },
    },
    async (request, reply) => {
      const range = gstSummaryRange(request.query);
      const csv = await gstSummaryCsv(db, request.store.id, range);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="gst-summary-${range.from}-to-${range.to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  // GSTR-1 of a month: the JSON the GST portal and the offline tool take, and the same as one CSV
  app.get(
    '/admin/reports/gstr1.json',
    {
      schema: {
        tags: ['admin: reports'],
        summary:
          'GSTR-1 of a month (YYYY-MM, India’s days) in the GST portal’s JSON, from the invoices and credit notes issued then',
        security: adminSecurity,
        querystring: gstr1QuerySchema,
        response: { 200: gstr1Schema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const { month } = request.query;
      const gstr1 = await buildGstr1(db, request.store.id, month);
      return reply
        .header('content-disposition', `attachment; filename="gstr1-${gstr1.gstin}-${month}.json"`)
        .header('cache-control', 'no-store')
        .send(gstr1);
    },
  );

  app.get(
    '/admin/reports/gstr1.csv',
    {
      schema: {
        tags: ['admin: reports'],
        summary: 'GSTR-1 of a month as one CSV, a Section column telling its tables apart',
        security: adminSecurity,
        querystring: gstr1QuerySchema,
        produces: ['text/csv'],
        response: csvReply,
      },
    },
    async (request, reply) => {
      const { month } = request.query;
      const gstr1 = await buildGstr1(db, request.store.id, month);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gstr1-${gstr1.gstin}-${month}.csv"`)
        .header('cache-control', 'no-store')
        .send(gstr1Csv(gstr1));
    },
  );
};
