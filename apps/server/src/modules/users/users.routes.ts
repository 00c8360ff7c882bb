import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@store/contracts/common';
import {
  accountInfoResponseSchema,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  loginBodySchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  resetPasswordResponseSchema,
  tokenResponseSchema,
} from '@store/contracts/users';
import type { Db } from '../../db/client';
import {
  forgotPasswordLimits,
  loginLimits,
  registerRateLimit,
  resetPasswordRateLimit,
} from '../../plugins/rate-limit';
import { accountMobile } from '../addresses/addresses.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';
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
      preValidation: loginLimits,
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
    async (request, reply) => {
      const row = await checkCredentials(
        db,
        request.store.id,
        request.body.email,
        request.body.password,
      );
      const token = await app.signToken({ id: row.id, email: row.email, storeId: row.storeId });
      // this browser is now known: strangers' failures no longer lock it out (loginLimits)
      app.deviceCookies.remember(reply, 'login', request.store.id, request.body.email);
      return { token };
    },
  );

  app.post(
    '/users/forgot-password',
    {
      preValidation: forgotPasswordLimits,
      schema: {
        tags: ['users'],
        summary: 'E-mail a password reset link (the same answer whether or not the account exists)',
        body: forgotPasswordBodySchema.strict(),
        response: {
          202: forgotPasswordResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // Answer before looking the address up, so the answer cannot come later (or fail) for an
      // address that has an account: the lookup, token and e-mail happen once it has gone out
      // (or the client has gone: the shopper still asked for the e-mail).
      await Promise.resolve(reply.code(202).send({ message: FORGOT_PASSWORD_MESSAGE })).catch(
        () => undefined,
      );
      try {
        if (await requestPasswordReset(db, request.store.id, request.body.email)) app.emailQueued();
      } catch (err) {
        request.log.error({ err }, 'a password reset request could not be stored');
      }
      return reply;
    },
  );

  app.post(
    '/users/reset-password',
    {
      config: { rateLimit: resetPasswordRateLimit },
      schema: {
        tags: ['users'],
        summary: 'Set a new password with an e-mailed reset token; ends every older session',
        body: resetPasswordBodySchema,
        response: {
          200: resetPasswordResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await resetPassword(db, request.store.id, request.body.token, request.body.password);
      return { message: 'Your password has been changed. Please log in with the new one.' };
    },
  );

  app.get(
    '/accountInfo',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: "The signed-in shopper's account",
        security: [{ bearerAuth: [] }],
        response: { 200: accountInfoResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await findUserById(db, request.store.id, request.user!.id);
      if (!row)
        return reply
          .code(401)
          .send({ error: 'This account no longer exists', code: 'unauthenticated' });
      const phone = await accountMobile(db, request.store.id, row.id);
      return { data: { ...toAccountInfo(row), ...(phone ? { phone } : {}) } };
    },
  );
};
