import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@store/contracts/common';
import {
  accountInfoResponseSchema,
  loginBodySchema,
  registerBodySchema,
  registerResponseSchema,
  tokenResponseSchema,
} from '@store/contracts/users';
import type { Db } from '../../db/client';
import { loginLimits, registerRateLimit } from '../../plugins/rate-limit';
import { checkCredentials, findUserById, registerUser, toAccountInfo } from './users.service';

export const userRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/users/register',
    {
      config: { rateLimit: registerRateLimit },
      schema: {
        tags: ['users'],
        summary: 'Create an account (the shopper logs in afterwards)',
        body: registerBodySchema.strict(),
        response: {
          201: registerResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await registerUser(db, request.store.id, request.body);
      return reply.code(201).send({ data: toAccountInfo(row) });
    },
  );

  app.post(
    '/users/authorize',
    {
      // per address, address + email and account, before the argon2 work (plugins/rate-limit.ts)
      preHandler: loginLimits,
      schema: {
        tags: ['users'],
        summary: 'Log in: answers a 30-day Bearer token',
        body: loginBodySchema.strict(),
        response: {
          200: tokenResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const row = await checkCredentials(
        db,
        request.store.id,
        request.body.email,
        request.body.password,
      );
      const token = await app.signToken({ id: row.id, email: row.email, storeId: row.storeId });
      return { token };
    },
  );

  app.get(
    '/accountInfo',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: "The signed-in shopper's account",
        security: [{ bearerAuth: [] }],
        response: { 200: accountInfoResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await findUserById(db, request.store.id, request.user!.id);
      if (!row) return reply.code(401).send({ error: 'This account no longer exists' });
      return { data: toAccountInfo(row) };
    },
  );
};
