import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReviewListQuerySchema,
  adminReviewListSchema,
  reviewModerations,
} from '@store/contracts/admin/reviews';
import type { Db } from '../../db/client';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { adminListRoute } from '../../plugins/admin-list-route';
import { actorOf } from '../activity/activity.service';
import { listReviews, moderateReview } from './reviews.service';

const tags = ['admin: reviews'];
const params = z.object({
  reviewId: z.string().min(1).max(64),
  action: z.enum(reviewModerations),
});

/** /admin/reviews: the shoppers' reviews, and Publish / Hide (logged, the product's pages forgotten). */
export const adminReviewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.staffOnly);

  adminListRoute(
    app,
    {
      path: '/admin/reviews',
      tags,
      summary: 'Reviews, newest first, by status',
      querystring: adminReviewListQuerySchema,
      response: adminReviewListSchema,
    },
    (storeId, query) => listReviews(db, storeId, query),
  );

  app.post(
    '/admin/reviews/:reviewId/:action',
    {
      schema: {
        tags,
        summary:
          "Publish or hide a review: the product's average and count follow in the same transaction",
        security: adminSecurity,
        params,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      const { reviewId, action } = request.params;
      // a published or hidden review changes the product's page, card and JSON-LD
      if (await moderateReview(db, actorOf(request), reviewId, action)) app.catalogueChanged();
      return reply.code(204).send(null);
    },
  );
};
