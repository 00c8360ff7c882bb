import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adminMessages, type StaffRole } from '@store/contracts/admin/common';
import { errorResponseSchema } from '@store/contracts/common';
import { HttpError } from '../lib/errors';
import { bearerToken } from '../lib/tokens';

/** The signed-in person behind an admin request. */
export interface StaffIdentity {
  id: string;
  storeId: string;
  email: string;
  role: StaffRole;
  /** when the session this request came with ends */
  sessionExpiresAt: Date;
}

/** The live back-office session a token names in this store, or null (modules/staff findSession). */
export type FindStaffSession = (storeId: string, token: string) => Promise<StaffIdentity | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by app.staffOnly for back-office requests; null elsewhere. */
    staff: StaffIdentity | null;
  }
  interface FastifyInstance {
    /** onRequest/preHandler: 401 unless a live back-office session of this store is sent. */
    staffOnly(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest after staffOnly (before the body is validated): 403 unless the person is the owner. */
    ownerOnly(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/**
 * Back-office sessions are opaque tokens looked up in staff_sessions (modules/staff), never the
 * shoppers' JWTs: a shopper token finds no session (401), and a staff token is no JWT, so the
 * shop's routes refuse it too. One indexed lookup per admin request, so a sign-out, a disable or
 * an expiry takes effect at once. The lookup is modules/staff's findSession, handed in by app.ts.
 */
export function registerStaffAuth(app: FastifyInstance, findSession: FindStaffSession): void {
  app.decorateRequest('staff', null);
  app.decorate('staffOnly', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const identity = token ? await findSession(request.store.id, token) : null;
    if (!identity) throw new HttpError(401, adminMessages.signInRequired);
    request.staff = identity;
  });
  app.decorate('ownerOnly', async (request: FastifyRequest) => {
    if (!request.staff) throw new HttpError(401, adminMessages.signInRequired);
    if (request.staff.role !== 'owner') throw new HttpError(403, adminMessages.ownerOnly);
  });
}

/** The error answers every admin route may give besides its own. */
export const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
} as const;
export const adminSecurity = [{ bearerAuth: [] }];
