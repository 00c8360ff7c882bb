import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@store/contracts/common';
import {
  adminMessages,
  currentStaffSchema,
  outboxTicketSchema,
  okSchema,
  staffLoginBodySchema,
  staffMemberSchema,
  staffSessionSchema,
} from '@store/contracts/admin/common';
import {
  addStaffBodySchema,
  adminActivityListSchema,
  adminActivityQuerySchema,
  staffListSchema,
  updateStaffBodySchema,
} from '@store/contracts/admin/people';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { bearerToken } from '../../lib/tokens';
import { staffSignInLimits } from '../../plugins/rate-limit';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { adminListRoute } from '../../plugins/admin-list-route';
import { actorOf, listActivity } from '../activity/activity.service';
import {
  addStaff,
  findStaffMember,
  hashToken,
  listStaff,
  signIn,
  signOut,
  updateStaff,
} from './staff.service';
import { issueOutboxTicket } from './outbox-pass.service';

const tags = ['admin: staff'];

/**
 * POST/GET/DELETE /admin/session: sign in, who am I, sign out (POST is the only admin route open
 * without a session); POST /admin/outbox-ticket: the way into the demo outbox.
 */
export const adminSessionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/admin/session',
    {
      preValidation: staffSignInLimits,
      schema: {
        tags,
        summary: 'Sign in to the back office: answers a 12-hour Bearer token',
        body: staffLoginBodySchema.strict(),
        response: {
          200: staffSessionSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const session = await signIn(db, request.store.id, request.body.email, request.body.password);
      // this browser is now known: strangers' failures no longer lock it out (staffSignInLimits)
      app.deviceCookies.remember(reply, 'staff-login', request.store.id, request.body.email);
      return session;
    },
  );

  app.get(
    '/admin/session',
    {
      preHandler: app.staffOnly,
      schema: {
        tags,
        summary: 'The signed-in staff member',
        security: adminSecurity,
        response: { 200: currentStaffSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      // staffOnly has looked the session up already
      const { storeId, id, sessionExpiresAt } = request.staff!;
      const member = await findStaffMember(db, storeId, id);
      return {
        staff: member!,
        expiresAt: sessionExpiresAt.toISOString(),
        demoOutbox: app.mail.transport.kind !== 'smtp',
      };
    },
  );

  app.post(
    '/admin/outbox-ticket',
    {
      preHandler: app.staffOnly,
      schema: {
        tags,
        summary:
          'Open the demo outbox (no SMTP server set): a URL with a ticket for one use within a minute',
        security: adminSecurity,
        response: { 200: outboxTicketSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      if (app.mail.transport.kind === 'smtp') throw new HttpError(404, adminMessages.noDemoOutbox);
      const token = bearerToken(request.headers.authorization)!;
      const { ticket, expiresAt } = await issueOutboxTicket(db, hashToken(token));
      return {
        url: `/demo/outbox?ticket=${encodeURIComponent(ticket)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );

  app.delete(
    '/admin/session',
    {
      preHandler: app.staffOnly,
      schema: {
        tags,
        summary: 'Sign out: the token stops working at once',
        security: adminSecurity,
        response: { 200: okSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      await signOut(db, bearerToken(request.headers.authorization)!);
      return { ok: true as const };
    },
  );
};

/** /admin/staff (owner only) and /admin/activity (all staff). */
export const adminStaffRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.staffOnly);

  app.get(
    '/admin/staff',
    {
      onRequest: app.ownerOnly,
      schema: {
        tags,
        summary: 'The staff list (owner)',
        security: adminSecurity,
        response: { 200: staffListSchema, ...adminErrors },
      },
    },
    async (request) => ({ data: await listStaff(db, request.store.id) }),
  );

  app.post(
    '/admin/staff',
    {
      onRequest: app.ownerOnly,
      schema: {
        tags,
        summary: 'Add a staff member or owner (owner)',
        security: adminSecurity,
        body: addStaffBodySchema.strict(),
        response: { 201: staffMemberSchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addStaff(db, actorOf(request), request.body)),
  );

  app.patch(
    '/admin/staff/:staffId',
    {
      onRequest: app.ownerOnly,
      schema: {
        tags,
        summary: 'Change a role, disable or enable (owner)',
        security: adminSecurity,
        params: z.object({ staffId: z.uuid({ error: 'No such staff member' }) }),
        body: updateStaffBodySchema,
        response: { 200: staffMemberSchema, ...adminErrors },
      },
    },
    (request) => updateStaff(db, actorOf(request), request.params.staffId, request.body),
  );

  adminListRoute(
    app,
    {
      path: '/admin/activity',
      tags,
      summary: 'The activity log, newest first',
      querystring: adminActivityQuerySchema,
      response: adminActivityListSchema,
    },
    (storeId, query) => listActivity(db, storeId, query),
  );
};
