import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { adminErrors, adminSecurity } from './staff-auth';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export interface AdminListRouteSpec<Q extends z.ZodType, L extends z.ZodType> {
  /** e.g. '/admin/orders' */
  path: string;
  tags: string[];
  /** what the list is, its order and filters (the OpenAPI summary) */
  summary: string;
  /** the list's query: its page and limit, and its own search and filters (contracts) */
  querystring: Q;
  /** one page of rows (contracts' pageOf) */
  response: L;
}

/**
 * GET one page of a back-office list: the query checked against its contract, the store from the
 * request, the answer against the page's contract, the staff errors. Every list (orders, returns,
 * products, reviews, messages…) is this one route shape; its service does the SQL.
 */
export function adminListRoute<Q extends z.ZodType, L extends z.ZodType>(
  app: ZodApp,
  spec: AdminListRouteSpec<Q, L>,
  list: (storeId: string, query: z.output<Q>) => Promise<z.output<L>>,
): void {
  app.get(
    spec.path,
    {
      schema: {
        tags: spec.tags,
        summary: spec.summary,
        security: adminSecurity,
        querystring: spec.querystring,
        response: { 200: spec.response, ...adminErrors },
      },
    },
    // the type provider cannot resolve a generic schema's types inside this function; the
    // signature above gives each caller the exact ones, and the schemas check both at run time
    (request) => list(request.store.id, request.query as z.output<Q>) as never,
  );
}
