import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@store/contracts/common';
import { orderParamsSchema, orderSchema } from '@store/contracts/orders';
import {
  createReturnBodySchema,
  shopperReturnSchema,
  uploadedReturnPhotoSchema,
} from '@store/contracts/returns';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import type { MediaStorage } from '../../lib/media-storage';
import { acceptImageBodies, imageBytesOf, imageUploadRoute } from '../media/image-body';
import { imageMessages, uploadImage } from '../media/images.service';
import { DEFAULT_PAY_WINDOW_MS, findOrderForViewer } from '../orders/orders.service';
import type { PaymentConfig } from '../payments/payment-config';
import { requestReturn } from './returns.service';
import { cancelMessages, cancelOwnOrder, shopperActor } from './shopper-cancel.service';

/**
 * POST /returns/photos: a photo for a return request, the file itself as the body, checked by its
 * content and re-encoded by the same pipeline as the shop's product images (modules/media). Its
 * own plugin, so the raw-body parser stays here.
 */
const returnPhotoRoutes: FastifyPluginAsyncZod<{ db: Db; storage: MediaStorage }> = async (
  app,
  { db, storage },
) => {
  acceptImageBodies(app);
  app.post(
    '/returns/photos',
    {
      onRequest: app.authenticate,
      bodyLimit: imageUploadRoute.bodyLimit,
      errorHandler: imageUploadRoute.errorHandler,
      schema: {
        tags: ['orders'],
        summary:
          'A photo for a return request (raw JPEG, PNG or WebP body, up to 10 MB): checked by its content; send its imageId with the request',
        security: [{ bearerAuth: [] }],
        consumes: imageUploadRoute.consumes,
        response: {
          201: uploadedReturnPhotoSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const body = imageBytesOf(request.body);
      if (!body)
        return reply.code(400).send({ error: imageMessages.notAnImage, code: 'bad_request' });
      const uploaded = await uploadImage(db, storage, shopperActor(request.store.id), body);
      return reply.code(201).send({ imageId: uploaded.imageId, url: uploaded.url });
    },
  );
};

/** The shopper's after-sale actions on their own orders: Cancel order, Request a return. */
export const shopperReturnRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: PaymentConfig;
  storage: MediaStorage;
  payWindowMs?: number;
}> = async (app, { db, config, storage, payWindowMs = DEFAULT_PAY_WINDOW_MS }) => {
  await app.register(returnPhotoRoutes, { db, storage });

  app.post(
    '/orders/:orderId/returns',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary:
          "Request a return of the signed-in shopper's Delivered order within the store's window: lines and units (at most those delivered less earlier returns), a reason, up to 3 photos. 409 return_refused otherwise; another shopper's order 404",
        security: [{ bearerAuth: [] }],
        params: orderParamsSchema,
        body: createReturnBodySchema.strict(),
        response: {
          201: shopperReturnSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await requestReturn(db, {
        storeId: request.store.id,
        userId: request.user!.id,
        orderId: request.params.orderId,
        body: request.body,
      });
      // the owner's "Return request" e-mail committed with it: sent now
      app.emailQueued();
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/orders/:orderId/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary:
          "Cancel the signed-in shopper's order while Pending or Processing (not shipped): stock returns, a PayU payment is refunded through PayU, any other paid payment is flagged for the shop to refund. 409 order_not_cancellable otherwise; another shopper's order 404",
        security: [{ bearerAuth: [] }],
        params: orderParamsSchema,
        response: {
          200: orderSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = request.user!;
      const result = await cancelOwnOrder(db, config, {
        storeId: request.store.id,
        userId: user.id,
        orderId: request.params.orderId,
      });
      if (result.availabilityChanged) app.catalogueChanged();
      // the 'cancelled' (and any refund) e-mail committed with the cancel: send it now
      app.emailQueued();
      const order = await findOrderForViewer(
        db,
        request.store.id,
        result.orderId,
        { userId: user.id },
        { payWindowMs },
      );
      if (!order) throw new HttpError(404, cancelMessages.notFound);
      return order;
    },
  );
};
