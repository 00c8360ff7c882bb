import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@store/contracts/common';
import {
  contactBodySchema,
  HONEYPOT_FIELD,
  INVALID_NEWSLETTER_LINK,
  messageReceivedResponseSchema,
  newsletterBodySchema,
  newsletterStateResponseSchema,
  newsletterTokenBodySchema,
} from '@store/contracts/messages';
import type { Db } from '../../db/client';
import { BODY_LIMIT } from '../../lib/body-limit';
import { HttpError } from '../../lib/errors';
import { contactLimits, newsletterLimits } from '../../plugins/rate-limit';
import {
  readNewsletterToken,
  receiveContactMessage,
  setSubscribed,
  signUpForNewsletter,
} from './messages.service';

const tags = ['messages'];
const tokenQuerySchema = z.object({ token: z.string().max(2000) });
const refused = { 400: errorResponseSchema, 429: errorResponseSchema };

/**
 * The contact form and the newsletter (docs/decisions/messages-and-owner-notices.md): a message
 * is kept for the back office and e-mailed to the owner; a sign-up is kept with its consent and
 * confirmed by e-mail (double opt-in). Neither answer says whether the address was known. A
 * filled honeypot is answered the same and nothing is kept.
 */
export const messageRoutes: FastifyPluginAsyncZod<{ db: Db; jwtSecret: Uint8Array }> = async (
  app,
  { db, jwtSecret },
) => {
  // the one-click unsubscribe is a form post (List-Unsubscribe=One-Click)
  await app.register(fastifyFormbody, { bodyLimit: BODY_LIMIT });

  app.post(
    '/contact',
    {
      preValidation: contactLimits,
      schema: {
        tags,
        summary: 'Send the store a message (kept for the back office and e-mailed to the owner)',
        body: contactBodySchema.strict(),
        response: { 201: messageReceivedResponseSchema, ...refused },
      },
    },
    async (request, reply) => {
      const { [HONEYPOT_FIELD]: trap, ...message } = request.body;
      if (!trap) {
        await receiveContactMessage(db, request.store.id, message);
        app.emailQueued();
      }
      return reply.code(201).send({ received: true });
    },
  );

  app.post(
    '/newsletter',
    {
      preValidation: newsletterLimits,
      schema: {
        tags,
        summary:
          'Sign up for the newsletter: the consent is kept and a confirmation e-mailed (double opt-in); the same answer for an address already subscribed',
        body: newsletterBodySchema.strict(),
        response: { 201: messageReceivedResponseSchema, ...refused },
      },
    },
    async (request, reply) => {
      const { email, [HONEYPOT_FIELD]: trap } = request.body;
      if (!trap && (await signUpForNewsletter(db, request.store.id, email, jwtSecret)))
        app.emailQueued();
      return reply.code(201).send({ received: true });
    },
  );

  const setBy = async (storeId: string, token: string, on: boolean) => {
    const who = await readNewsletterToken(jwtSecret, token, storeId);
    if (!who || !(await setSubscribed(db, who, on)))
      throw new HttpError(400, INVALID_NEWSLETTER_LINK);
    return { subscribed: on };
  };

  app.post(
    '/newsletter/confirm',
    {
      schema: {
        tags,
        summary:
          "Confirm the link's sign-up (or subscribe again after unsubscribing): the signed token proves the inbox",
        body: newsletterTokenBodySchema,
        response: { 200: newsletterStateResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => setBy(request.store.id, request.body.token, true),
  );

  app.post(
    '/newsletter/unsubscribe',
    {
      schema: {
        tags,
        summary: "Unsubscribe the link's reader (no sign-in: the token says who)",
        body: newsletterTokenBodySchema,
        response: { 200: newsletterStateResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => setBy(request.store.id, request.body.token, false),
  );

  app.post(
    '/newsletter/one-click',
    {
      schema: {
        tags,
        summary:
          "RFC 8058 one-click unsubscribe: a mail client posts List-Unsubscribe=One-Click to the newsletter's List-Unsubscribe address",
        querystring: tokenQuerySchema,
        response: { 200: newsletterStateResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => setBy(request.store.id, request.query.token, false),
  );

  // a link opened in a browser: the storefront's page, which asks before it acts (a mail
  // scanner that opens links must neither confirm nor unsubscribe anyone)
  for (const [path, action] of [
    ['/newsletter/confirm', ''],
    ['/newsletter/one-click', '&action=unsubscribe'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: 'Opened in a browser: redirects to the storefront page that asks first',
          querystring: tokenQuerySchema,
          response: { 303: z.null() },
        },
      },
      async (request, reply) =>
        reply.redirect(
          `/newsletter#token=${encodeURIComponent(request.query.token)}${action}`,
          303,
        ),
    );
  }
};
