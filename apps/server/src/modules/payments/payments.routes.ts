import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@store/contracts/common';
import {
  paymentFieldsResponseSchema,
  paymentNotificationResponseSchema,
  paymentResponseSchema,
  paymentSubmitBodySchema,
} from '@store/contracts/payments';
import type { Db } from '../../db/client';
import { BODY_LIMIT } from '../../lib/body-limit';
import { HttpError } from '../../lib/errors';
import { idempotencyKeyOf, idempotent, sendIdempotent } from '../../lib/idempotency';
import { formFields, orderReturnLocation } from './form-body';
import { codFeeOf } from './cod-rules';
import { COD_METHOD, paymentConfigForStore, type PaymentConfig } from './payment-config';
import { findUserById } from '../users/users.service';
import { accountMobile } from '../addresses/addresses.service';
import { paymentFieldDefinitions } from './payment-fields';
import { applyNotification, receiveWebhook, startPayment } from './payments.service';
import { findProvider, paymentProviders } from './providers';
import type { PaymentProvider } from './providers/provider';
import { payLinkPayer, payTokenOf } from '../orders/pay-link.service';
import { autoPostPage, autoPostPageCsp } from './sandbox-pages';

export interface PaymentRoutesOptions {
  db: Db;
  /** checks payment links (orders/pay-link.service.ts) */
  jwtSecret: Uint8Array;
  config: PaymentConfig;
  publicBaseUrl?: string | undefined;
}

const notificationResponse = {
  200: paymentNotificationResponseSchema,
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** /api/v1 routes: the form, the submit, provider notifications and the gateways' browser returns. */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (
  app,
  { db, config, publicBaseUrl, jwtSecret },
) => {
  // PayU returns the browser with a form post; only this scope reads form bodies
  await app.register(fastifyFormbody, { bodyLimit: BODY_LIMIT });
  const baseUrl = (request: FastifyRequest) =>
    config.publicBaseUrl ??
    publicBaseUrl?.replace(/\/+$/, '') ??
    `${request.protocol}://${request.host}`;

  app.get(
    '/payments/fields',
    {
      onRequest: app.optionalAuth,
      schema: {
        tags: ['payments'],
        summary:
          'The payment form: field definitions (spec section 3); name, email and mobile are prefilled for a signed-in shopper',
        response: { 200: paymentFieldsResponseSchema },
      },
    },
    async (request) => {
      // the methods this store's owner offers (store settings), not every one the server could
      const { methods } = paymentConfigForStore(config, request.store);
      // the fee is named beside Cash on delivery, so the shopper knows it before choosing
      const codFeePaise = methods.includes(COD_METHOD)
        ? await codFeeOf(app.db, request.store.id)
        : 0;
      if (!request.user) return paymentFieldDefinitions(methods, { codFeePaise });
      const account = await findUserById(app.db, request.user.storeId, request.user.id);
      const payerName = account ? `${account.firstName} ${account.lastName}`.trim() : undefined;
      const phone = await accountMobile(app.db, request.user.storeId, request.user.id);
      return paymentFieldDefinitions(methods, {
        email: request.user.email,
        payerName,
        phone,
        codFeePaise,
      });
    },
  );

  app.post(
    '/payments',
    {
      onRequest: async (request, reply) => {
        // a payment link pays its one order as its customer's, whoever's browser opens it
        // (checked in the handler, against the order in the body); else the shopper's token
        if (payTokenOf(request)) return;
        return app.authenticate(request, reply);
      },
      schema: {
        tags: ['payments'],
        summary:
          "Start paying one of the caller's Pending orders (or the order of a payment link sent as X-Pay-Token); a repeated submit returns the open attempt. Idempotency-Key: a retry gets the stored answer (Idempotent-Replayed: true); another body with the key is 422",
        security: [{ bearerAuth: [] }],
        body: paymentSubmitBodySchema.strict(),
        response: {
          200: paymentResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          410: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const payToken = payTokenOf(request);
      const userId = payToken
        ? await payLinkPayer(db, jwtSecret, payToken, request.store.id, request.body.orderId)
        : request.user!.id;
      const input = {
        storeId: request.store.id,
        storeName: request.store.info.storeName,
        userId,
        body: request.body,
        config: paymentConfigForStore(config, request.store),
        baseUrl: baseUrl(request),
      };
      // a retried submit (lost answer) gets the first answer: the same attempt, never a second one
      const result = await idempotent(
        db,
        {
          userId: input.userId,
          scope: 'POST /payments',
          key: idempotencyKeyOf(request),
          body: request.body,
        },
        async (tx) => ({ statusCode: 200, body: await startPayment(tx, input) }),
      );
      return sendIdempotent(reply, result);
    },
  );

  /** The provider named in the path, if it is configured here and does `what`; else 404. */
  const configuredProvider = <K extends keyof PaymentProvider>(name: string, what: K) => {
    const provider = findProvider(name);
    if (!provider?.[what] || !provider.isConfigured(config))
      throw new HttpError(404, 'Unknown payment provider');
    return provider as PaymentProvider & Required<Pick<PaymentProvider, K>>;
  };

  // A hosted checkout needs its own field names (PayU's); the spec's hidden form posts type, url
  // and data[key] here, and this page posts them on, only to a provider's checkout page.
  app.post('/payments/bounce', { schema: { hide: true } }, async (request, reply) => {
    const { url, data } = formFields(request.body);
    if (!url) throw new HttpError(400, 'Unknown payment page');
    const providers = Object.values(paymentProviders);
    // a page opened by a GET of its own URL (PhonePe's): a redirect, to that provider's hosts only
    if (providers.some((provider) => provider.checkoutRedirect?.(config, url)))
      return reply.header('cache-control', 'no-store').redirect(url, 303);
    // (any provider's: a gateway's own page is no open redirect, configured here or not)
    const allowed = providers.flatMap((provider) => provider.checkoutUrls?.(config) ?? []);
    if (!allowed.includes(url)) throw new HttpError(400, 'Unknown payment page');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', autoPostPageCsp(url))
      .send(autoPostPage(url, data));
  });

  // A gateway posts its signed response through the shopper's browser (PayU's surl/furl), or sends
  // the browser back with a GET (PhonePe, whose order the provider then reads from its API). Only
  // what the provider verified is a notification, like the webhook; otherwise nothing changes.
  const returnHandler = async (
    request: FastifyRequest<{ Params: { provider: string } }>,
    reply: FastifyReply,
  ) => {
    const provider = configuredProvider(request.params.provider, 'verifyReturn');
    const { fields } = formFields(request.method === 'GET' ? request.query : request.body);
    const verified = await provider.verifyReturn(config, fields);
    if (!verified) throw new HttpError(400, `Invalid ${provider.label} response hash`);
    const { notification, orderId } = verified;
    // a replay (the webhook came first) answers the same outcome, so the browser goes where it says
    await applyNotification(db, notification);
    // a payment's e-mail commits with it (markOrderPaid): send it now
    app.emailQueued();
    return reply.redirect(
      orderReturnLocation(orderId, notification.outcome, notification.reason),
      303,
    );
  };
  app.post('/payments/:provider/return', { schema: { hide: true } }, returnHandler);
  app.get('/payments/:provider/return', { schema: { hide: true } }, returnHandler);

  // Providers sign the exact bytes they send (JSON or a form), so webhooks read the body as a
  // string and the provider checks its signature before anything is parsed.
  await app.register(async (raw) => {
    for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
      raw.removeContentTypeParser(type);
      raw.addContentTypeParser(
        type,
        { parseAs: 'string', bodyLimit: BODY_LIMIT },
        (_req, body, done) => done(null, body),
      );
    }
    raw.post<{ Params: { provider: string } }>(
      '/payments/webhooks/:provider',
      {
        schema: {
          tags: ['payments'],
          summary:
            "A payment provider's notification, signed as the provider documents (the sandbox: X-Sandbox-Signature, hex HMAC-SHA256 of the body; PayU: the reverse hash of its form fields; Razorpay: X-Razorpay-Signature; PhonePe: Authorization, hex SHA-256 of the dashboard's username:password, after which the order is read from PhonePe)",
          response: notificationResponse,
        },
      },
      async (request) => {
        if (typeof request.body !== 'string') throw new HttpError(400, 'Expected a body');
        const outcome = await receiveWebhook(db, config, request.params.provider, {
          rawBody: request.body,
          headers: request.headers,
        });
        app.emailQueued();
        return { success: true, ...outcome };
      },
    );
  });
};
