import fastifyFormbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { findSandboxAttempt, settleSandboxAttempt } from './sandbox.service';
import {
  SANDBOX_PAGE_CSP,
  sandboxMessagePage,
  sandboxPayPage,
  type SandboxAttemptView,
} from './sandbox-pages';
import { isCrossSiteRequest, verifySandboxToken } from './sandbox-token';

export interface SandboxRoutesOptions {
  db: Db;
  config: PaymentConfig;
  publicBaseUrl?: string | undefined;
}

const html = 'text/html; charset=utf-8';
const idParam = z.object({
  paymentId: z.string().min(1).max(64),
  decision: z.enum(['approve', 'decline']),
});
const attemptQuery = z.object({
  paymentId: z.string().max(64).optional(),
  token: z.string().max(200).optional(),
});

/**
 * The store-hosted sandbox gateway (outside /api/v1, like a gateway's own site). It exists only in
 * demo mode while the store offers the sandbox method (sandboxEnabled). Approve and Decline need
 * the owner's token for that attempt (sandbox-token.ts) and a same-site form post.
 */
export const sandboxGatewayRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = async (
  app,
  { db, config, publicBaseUrl },
) => {
  // the store's hidden form and the Approve/Decline buttons post forms here
  await app.register(fastifyFormbody, { bodyLimit: BODY_LIMIT });
  // every answer here is one of the gateway's pages (or a redirect): none runs a script
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', SANDBOX_PAGE_CSP);
  });
  const secret = config.sandbox.secret;
  const ownHosts = (request: FastifyRequest) => {
    const hosts = [request.host];
    const base = config.publicBaseUrl ?? publicBaseUrl;
    if (base) hosts.push(new URL(base).host);
    return hosts;
  };
  const notFound = () =>
    sandboxMessagePage('Payment not found', 'This sandbox payment does not exist.');
  const refused = (reply: FastifyReply) =>
    reply
      .code(403)
      .type(html)
      .header('cache-control', 'no-store')
      .send(
        sandboxMessagePage(
          'Not allowed',
          'Only the shopper who placed the order can approve or decline this payment, from the link the store gave them. The link may also have expired: start the payment again from the order.',
        ),
      );
  const payPage = (reply: FastifyReply, attempt: SandboxAttemptView, token: string) =>
    reply.type(html).header('cache-control', 'no-store').send(sandboxPayPage(attempt, token));

  // The store's hidden form posts type, url and data[...]; the merchant signature binds the amount.
  app.post('/sandbox-gateway/pay', { schema: { hide: true } }, async (request, reply) => {
    const { data } = formFields(request.body);
    const attempt = data.paymentId ? await findSandboxAttempt(db, data.paymentId) : null;
    if (!attempt) return reply.code(404).type(html).send(notFound());
    const amount = paiseToRupeeString(attempt.amountPaise);
    const expected = sandboxRequestSignature(secret, attempt.id, amount);
    if (data.amount !== amount || !hexDigestsEqual(expected, data.signature)) {
      return reply
        .code(400)
        .type(html)
        .send(sandboxMessagePage('Request refused', 'The payment request signature is invalid.'));
    }
    if (!verifySandboxToken(secret, attempt.id, data.token)) return refused(reply);
    return payPage(reply, attempt, data.token!);
  });

  // One attempt's page from the owner's link (the UPI "phone": sandboxUrl of POST /payments).
  // Without the attempt's token nothing is shown: a visitor who knows an order or payment id
  // learns nothing and cannot reach the buttons.
  const showAttempt = async (
    request: FastifyRequest<{ Querystring: z.infer<typeof attemptQuery> }>,
    reply: FastifyReply,
  ) => {
    const { paymentId, token } = request.query;
    if (!paymentId || !verifySandboxToken(secret, paymentId, token)) return refused(reply);
    const attempt = await findSandboxAttempt(db, paymentId);
    if (!attempt) return reply.code(404).type(html).send(notFound());
    return payPage(reply, attempt, token!);
  };
  app.get(
    '/sandbox-gateway/pay',
    { schema: { hide: true, querystring: attemptQuery } },
    showAttempt,
  );
  app.get(
    '/sandbox-gateway/upi',
    { schema: { hide: true, querystring: attemptQuery } },
    showAttempt,
  );

  app.post(
    '/sandbox-gateway/pay/:paymentId/:decision',
    { schema: { hide: true, params: idParam } },
    async (request, reply) => {
      const { paymentId } = request.params;
      // refused before any lookup: a stranger learns nothing and changes nothing
      if (isCrossSiteRequest(request.headers, ownHosts(request))) return refused(reply);
      if (!verifySandboxToken(secret, paymentId, formFields(request.body).fields.token))
        return refused(reply);
      const attempt = await findSandboxAttempt(db, paymentId);
      if (!attempt) return reply.code(404).type(html).send(notFound());
      const approve = request.params.decision === 'approve';
      let outcome: 'succeeded' | 'failed' | 'pending';
      let reason = approve ? undefined : 'Payment declined';
      try {
        const applied = await settleSandboxAttempt(db, config, attempt, approve);
        outcome = applied.outcome;
        // an approval queued the "payment received" e-mail in its transaction: send it now
        app.emailQueued();
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        // e.g. the QR expired: report what happened, change nothing
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
