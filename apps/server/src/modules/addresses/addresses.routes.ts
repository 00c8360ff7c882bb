import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@store/contracts/common';
import {
  addressBodySchema,
  addressListResponseSchema,
  addressParamsSchema,
  addressResponseSchema,
} from '@store/contracts/addresses';
import type { Db } from '../../db/client';
import {
  addAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from './addresses.service';

const tags = ['account'];
const security = [{ bearerAuth: [] }];

/** The signed-in shopper's address book under /api/v1/account/addresses. */
export const addressRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/account/addresses',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The signed-in shopper's saved addresses, the default first",
        security,
        response: { 200: addressListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({
      data: await listAddresses(db, request.store.id, request.user!.id),
    }),
  );

  app.post(
    '/account/addresses',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Save an address (the first one is the default; 409 when the same address is saved or the book is full)',
        security,
        body: addressBodySchema,
        response: {
          201: addressResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const saved = await addAddress(db, request.store.id, request.user!.id, request.body);
      return reply.code(201).send({ data: saved });
    },
  );

  app.put(
    '/account/addresses/:addressId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Change a saved address (isDefault: true makes it the default)',
        security,
        params: addressParamsSchema,
        body: addressBodySchema,
        response: {
          200: addressResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await updateAddress(
        db,
        request.store.id,
        request.user!.id,
        request.params.addressId,
        request.body,
      ),
    }),
  );

  app.post(
    '/account/addresses/:addressId/default',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Make a saved address the default',
        security,
        params: addressParamsSchema,
        response: {
          200: addressResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await setDefaultAddress(
        db,
        request.store.id,
        request.user!.id,
        request.params.addressId,
      ),
    }),
  );

  app.delete(
    '/account/addresses/:addressId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Delete a saved address (when it was the default, the newest other one becomes it); answers the addresses left',
        security,
        params: addressParamsSchema,
        response: {
          200: addressListResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { id: storeId } = request.store;
      await deleteAddress(db, storeId, request.user!.id, request.params.addressId);
      return { data: await listAddresses(db, storeId, request.user!.id) };
    },
  );
};
