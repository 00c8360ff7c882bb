import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importResultSchema,
  productImportBodySchema,
  productImportQuerySchema,
} from '@store/contracts/admin/import';
import type { Db } from '../../db/client';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { actorOf } from '../activity/activity.service';
import { shopDate } from '../../lib/shop-days';
import { exportProductsCsv, importProductsCsv } from './product-csv';

const tags = ['admin: products'];
/** 2 MB of CSV text may double in JSON escapes (quotes, line breaks) */
const IMPORT_BODY_LIMIT = 3 * 1024 * 1024;

/** /admin/products/export.csv and /admin/products/import (columns: contracts/admin/import.ts). */
export const adminProductCsvRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.staffOnly);

  app.get(
    '/admin/products/export.csv',
    {
      schema: {
        tags,
        summary: 'Every product not archived as CSV (UTF-8, a header row, RFC 4180 quoting)',
        security: adminSecurity,
        produces: ['text/csv'],
        response: { 200: z.string().describe('the CSV file'), ...adminErrors },
      },
    },
    async (request, reply) => {
      const csv = await exportProductsCsv(db, request.store.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${shopDate()}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/admin/products/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Import products from CSV: dryRun=true previews each row; a real import writes all rows or none',
        security: adminSecurity,
        querystring: productImportQuerySchema,
        body: productImportBodySchema,
        response: { 200: importResultSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { result, written } = await importProductsCsv(
        db,
        actorOf(request),
        request.body.csv,
        request.query.dryRun,
      );
      if (written) app.catalogueChanged();
      return result;
    },
  );
};
