import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@store/contracts/common';
import { productParamsSchema } from '@store/contracts/products';
import {
  createReviewBodySchema,
  myReviewSchema,
  reviewListQuerySchema,
  reviewListSchema,
} from '@store/contracts/reviews';
import type { Db } from '../../db/client';
import { createReview, listPublishedReviews, myReview } from './reviews.service';

const tags = ['reviews'];

/** A product's reviews: the published ones, and Write a review for a shopper who received it. */
export const reviewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/products/:id/reviews',
    {
      schema: {
        tags,
        summary: "A product's published reviews, newest first, 10 a page",
        params: productParamsSchema,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => listPublishedReviews(db, request.store.id, request.params.id, request.query.page),
  );

  app.get(
    '/products/:id/reviews/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Whether the signed-in shopper may write a review of the product (a Delivered line, none written yet), and the one they wrote',
        security: [{ bearerAuth: [] }],
        params: productParamsSchema,
        response: {
          200: myReviewSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    (request) => myReview(db, request.store.id, request.user!.id, request.params.id),
  );

  app.post(
    '/products/:id/reviews',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Write a review (1–5 stars, title, text) of a product the signed-in shopper received: 403 review_not_allowed without a Delivered line of it, 409 review_exists for a second one. It waits for the shop to publish it',
        security: [{ bearerAuth: [] }],
        params: productParamsSchema,
        body: createReviewBodySchema.strict(),
        response: {
          201: myReviewSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await createReview(db, request.store.id, request.user!.id, id, request.body);
      return reply.code(201).send(await myReview(db, request.store.id, request.user!.id, id));
    },
  );
};
