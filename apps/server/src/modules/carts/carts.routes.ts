import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@store/contracts/common';
import {
  accountCartResponseSchema,
  accountWishlistResponseSchema,
  cartChangesBodySchema,
  cartCheckBodySchema,
  cartCheckResponseSchema,
  wishlistChangesBodySchema,
  wishlistCheckBodySchema,
  wishlistCheckResponseSchema,
} from '@store/contracts/account-lists';
import type { Db } from '../../db/client';
import { viewCartLines, viewWishlist } from './cart-views.service';
import {
  changeAccountCart,
  changeAccountWishlist,
  getAccountCart,
  getAccountWishlist,
} from './carts.service';

const tags = ['account'];
const security = [{ bearerAuth: [] }];
const refused = { 400: errorResponseSchema, 401: errorResponseSchema };

/**
 * The signed-in shopper's cart and wishlist under /api/v1/account (docs/decisions/server-carts.md),
 * and the checks of a visitor's lists, which stay in their browser.
 */
export const cartRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/account/cart',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "The signed-in shopper's cart, each line with its product's current title, price and stock",
        security,
        response: { 200: accountCartResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await getAccountCart(db, request.store.id, request.user!.id) }),
  );

  app.post(
    '/account/cart/changes',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Apply one device’s changes to the cart (merge: the larger quantity; set; remove), under the order limits; answers the cart',
        security,
        body: cartChangesBodySchema,
        response: { 200: accountCartResponseSchema, ...refused },
      },
    },
    async (request) => ({
      data: await changeAccountCart(db, request.store.id, request.user!.id, request.body.changes),
    }),
  );

  app.get(
    '/account/wishlist',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The signed-in shopper's saved products, oldest first, each re-checked",
        security,
        response: { 200: accountWishlistResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({
      data: { items: await getAccountWishlist(db, request.store.id, request.user!.id) },
    }),
  );

  app.post(
    '/account/wishlist/changes',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Add and remove saved products (past 100 the oldest drop off); answers the wishlist',
        security,
        body: wishlistChangesBodySchema,
        response: { 200: accountWishlistResponseSchema, ...refused },
      },
    },
    async (request) => ({
      data: {
        items: await changeAccountWishlist(
          db,
          request.store.id,
          request.user!.id,
          request.body.changes,
        ),
      },
    }),
  );

  app.post(
    '/cart/check',
    {
      schema: {
        tags: ['cart'],
        summary:
          "A visitor's cart lines as they are now (title, price, stock, still on sale), in the order sent",
        body: cartCheckBodySchema,
        response: { 200: cartCheckResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({ data: await viewCartLines(db, request.store.id, request.body.lines) }),
  );

  app.post(
    '/wishlist/check',
    {
      schema: {
        tags: ['cart'],
        summary: "A visitor's saved products as they are now, in the order sent",
        body: wishlistCheckBodySchema,
        response: { 200: wishlistCheckResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({
      data: await viewWishlist(
        db,
        request.store.id,
        request.body.productIds.map((productId) => ({ productId })),
      ),
    }),
  );
};
