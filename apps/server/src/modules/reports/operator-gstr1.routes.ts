import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gstr1QuerySchema, gstr1Schema } from '@store/contracts/admin/gstr1';
import type { Db } from '../../db/client';
import { operatorOnly } from '../../lib/operator-token';
import { operatorGstr1 } from './operator-gstr1.service';

/** /operator/reports/gstr1: the CLI's `gst gstr1` asked of a running server (operator token). */
export const operatorReportRoutes: FastifyPluginAsyncZod<{
  db: Db;
  jwtSecret: Uint8Array;
}> = async (app, { db, jwtSecret }) => {
  app.addHook('onRequest', operatorOnly(jwtSecret));
  app.get(
    '/operator/reports/gstr1',
    { schema: { hide: true, querystring: gstr1QuerySchema, response: { 200: gstr1Schema } } },
    (request) => operatorGstr1(db, request.query.month),
  );
};
