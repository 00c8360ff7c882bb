import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartReminderStateResponseSchema,
  cartReminderTokenBodySchema,
} from '@store/contracts/account-lists';
import { INVALID_UNSUBSCRIBE_LINK } from '@store/contracts/cart-reminders';
import { errorResponseSchema } from '@store/contracts/common';
import type { Db } from '../../db/client';
import { BODY_LIMIT } from '../../lib/body-limit';
import { HttpError } from '../../lib/errors';
import { readReminderToken, setCartReminders } from './cart-reminders.service';

const tags = ['cart'];
const tokenQuerySchema = z.object({ token: z.string().max(2000) });

/**
 * The cart reminder's unsubscribe link, which works without signing in: its token is signed by
 * the server for one shopper of one store. The storefront's /unsubscribe page asks before it
 * posts; a mail client's one-click "Unsubscribe" (RFC 8058) posts to /one-click directly.
 */
export const cartReminderRoutes: FastifyPluginAsyncZod<{ db: Db; jwtSecret: Uint8Array }> = async (
  app,
  { db, jwtSecret },
) => {
  // the one-click post is a form (List-Unsubscribe=One-Click)
  await app.register(fastifyFormbody, { bodyLimit: BODY_LIMIT });
  const setBy = async (storeId: string, token: string, on: boolean) => {
    const who = await readReminderToken(jwtSecret, token, storeId);
    if (!who) throw new HttpError(400, INVALID_UNSUBSCRIBE_LINK);
    await setCartReminders(db, who, on);
    return { subscribed: on };
  };
  const refused = { 400: errorResponseSchema };

  app.post(
    '/cart-reminders/unsubscribe',
    {
      schema: {
        tags,
        summary: "Stop the cart reminders of the link's shopper (no sign-in: the token says who)",
        body: cartReminderTokenBodySchema,
        response: { 200: cartReminderStateResponseSchema, ...refused },
      },
    },
    async (request) => setBy(request.store.id, request.body.token, false),
  );

  app.post(
    '/cart-reminders/subscribe',
    {
      schema: {
        tags,
        summary: "Send the link's shopper cart reminders again (undo of unsubscribe)",
        body: cartReminderTokenBodySchema,
        response: { 200: cartReminderStateResponseSchema, ...refused },
      },
    },
    async (request) => setBy(request.store.id, request.body.token, true),
  );

  app.post(
    '/cart-reminders/one-click',
    {
      schema: {
        tags,
        summary:
          "RFC 8058 one-click unsubscribe: a mail client posts List-Unsubscribe=One-Click to the e-mail's List-Unsubscribe address",
        querystring: tokenQuerySchema,
        response: { 200: cartReminderStateResponseSchema, ...refused },
      },
    },
    async (request) => setBy(request.store.id, request.query.token, false),
  );

  // an older mail client opens the List-Unsubscribe address in a browser: the page that asks
  app.get(
    '/cart-reminders/one-click',
    {
      schema: {
        tags,
        summary: 'Opened in a browser: redirects to the storefront page that asks to unsubscribe',
        querystring: tokenQuerySchema,
        response: { 303: z.null() },
      },
    },
    async (request, reply) =>
      reply.redirect(`/unsubscribe#token=${encodeURIComponent(request.query.token)}`, 303),
  );
};
