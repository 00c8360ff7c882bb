import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { BODY_LIMIT } from '../../lib/body-limit';
import { HttpError } from '../../lib/errors';
import { formFields, orderReturnLocation } from './form-body';
import { paiseToRupeeString } from '@store/contracts/money';
import type { PaymentConfig } from './payment-config';
import { sandboxRequestSignature } from './providers/sandbox';
import { hexDigestsEqual } from './signature';
import { findSandboxAttempt, listOpenUpiAttempts, settleSandboxAttempt } from './sandbox.service';
import { sandboxMessagePage, sandboxPayPage, sandboxUpiPage } from './sandbox-pages';

export interface SandboxRoutesOptions {
  db: Db;
  config: PaymentConfig;
}

const html = 'text/html; charset=utf-8';
const idParam = z.object({
  paymentId: z.string().min(1).max(64),
  decision: z.enum(['approve', 'decline']),
});

/**
 * The store-hosted sandbox gateway (outside /api/v1, like a gateway's own site). It exists only
 * when the store offers the sandbox method; never enable it for a store taking real money.
 */
export const sandboxGatewayRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = async (
  app,
  { db, config },
) => {
  // the store's hidden form and the Approve/Decline buttons post forms here
  await app.register(fastifyFormbody, { bodyLimit: BODY_LIMIT });
  const notFound = () =>
    sandboxMessagePage('Payment not found', 'This sandbox payment does not exist.');

  // The store's hidden form posts type, url and data[...]; the merchant signature binds the amount.
  app.post('/sandbox-gateway/pay', { schema: { hide: true } }, async (request, reply) => {
    const { data } = formFields(request.body);
    const attempt = data.paymentId ? await findSandboxAttempt(db, data.paymentId) : null;
    if (!attempt) return reply.code(404).type(html).send(notFound());
    const amount = paiseToRupeeString(attempt.amountPaise);
    const expected = sandboxRequestSignature(config.sandbox.secret, attempt.id, amount);
    if (data.amount !== amount || !hexDigestsEqual(expected, data.signature)) {
      return reply
        .code(400)
        .type(html)
        .send(sandboxMessagePage('Request refused', 'The payment request signature is invalid.'));
    }
    return reply.type(html).header('cache-control', 'no-store').send(sandboxPayPage(attempt));
  });

  app.get(
    '/sandbox-gateway/pay',
    { schema: { hide: true, querystring: z.object({ paymentId: z.string().max(64).optional() }) } },
    async (request, reply) => {
      const attempt = request.query.paymentId
        ? await findSandboxAttempt(db, request.query.paymentId)
        : null;
      if (!attempt) return reply.code(404).type(html).send(notFound());
      return reply.type(html).header('cache-control', 'no-store').send(sandboxPayPage(attempt));
    },
  );

  // The UPI "phone": open UPI requests of an order (from the QR's tr= or the order id).
  app.get(
    '/sandbox-gateway/upi',
    {
      schema: {
        hide: true,
        querystring: z.object({
          orderId: z.string().max(64).optional(),
          paymentId: z.string().max(64).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { orderId, paymentId } = request.query;
      if (paymentId) {
        const attempt = await findSandboxAttempt(db, paymentId);
        return attempt
          ? reply.type(html).send(sandboxPayPage(attempt))
          : reply.code(404).type(html).send(notFound());
      }
      const attempts = orderId ? await listOpenUpiAttempts(db, orderId) : [];
      return reply
        .type(html)
        .header('cache-control', 'no-store')
        .send(sandboxUpiPage(orderId ?? '', attempts));
    },
  );

  app.post(
    '/sandbox-gateway/pay/:paymentId/:decision',
    { schema: { hide: true, params: idParam } },
    async (request, reply) => {
      const attempt = await findSandboxAttempt(db, request.params.paymentId);
      if (!attempt) return reply.code(404).type(html).send(notFound());
      const approve = request.params.decision === 'approve';
      let outcome: 'succeeded' | 'failed' = approve ? 'succeeded' : 'failed';
      let reason = approve ? undefined : 'Payment declined';
      try {
        await settleSandboxAttempt(db, config, attempt, approve);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        // e.g. a second click after the order was paid: report what happened, change nothing
        const fresh = await findSandboxAttempt(db, attempt.id);
        outcome = fresh?.status === 'succeeded' ? 'succeeded' : 'failed';
        reason = outcome === 'failed' ? err.message : undefined;
      }
      if (attempt.provider === 'upi') {
        const title = outcome === 'succeeded' ? 'Payment approved' : 'Payment declined';
        const message =
          outcome === 'succeeded'
            ? 'The store has been notified. You can close this page.'
            : (reason ?? 'Payment failed');
        return reply.type(html).send(sandboxMessagePage(title, message));
      }
      return reply.redirect(orderReturnLocation(attempt.orderId, outcome, reason), 303);
    },
  );
};
