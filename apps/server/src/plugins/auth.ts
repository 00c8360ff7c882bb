import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '@store/contracts/ids';
import { bearerToken, signToken, verifyToken } from '../lib/tokens';

export interface AuthUser {
  id: string;
  email: string;
  storeId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by app.authenticate / app.optionalAuth; null for visitors. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /**
     * onRequest, so before the body is validated (a stranger learns nothing of it): 401
     * `{ error }` unless a valid Bearer token for this store is sent.
     */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest: sets request.user when a valid token is sent, otherwise leaves it null. */
    optionalAuth(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Issues a 30-day HS256 token for the user. */
    signToken(user: AuthUser): Promise<string>;
  }
}

const TOKEN_LIFETIME = '30d';

async function verifySignature(
  secret: Uint8Array,
  request: FastifyRequest,
): Promise<{ user: AuthUser; issuedAtMs: number } | null> {
  const payload = await verifyToken(secret, bearerToken(request.headers.authorization));
  if (
    !payload ||
    typeof payload.sub !== 'string' ||
    typeof payload.email !== 'string' ||
    typeof payload.store !== 'string' ||
    // user ids are uuids; anything else would fail in the database as a 500
    !isUuid(payload.sub)
  ) {
    return null;
  }
  // a token from another storefront does not open this one
  if (request.store && payload.store !== request.store.id) return null;
  return {
    user: { id: payload.sub, email: payload.email, storeId: payload.store },
    // in milliseconds: `iatMs` (set below) is exact, so a token signed in the same second as a
    // password reset, just before it, is still refused; older tokens have only iat (seconds,
    // rounded down, so never later than their real time); none at all counts as older than any cutoff
    issuedAtMs:
      typeof payload.iatMs === 'number'
        ? payload.iatMs
        : typeof payload.iat === 'number'
          ? payload.iat * 1000
          : 0,
  };
}

/**
 * A valid signature is not enough: the account may have been deleted since the token was issued
 * (30 days), and its id would then break a foreign key (a 500 on POST /orders); or its password
 * may have been reset since, which ends every older session. One primary-key lookup per
 * authenticated request; not cached, so either is refused at once.
 */
async function verify(
  secret: Uint8Array,
  sessionValid: SessionValid,
  request: FastifyRequest,
): Promise<AuthUser | null> {
  const verified = await verifySignature(secret, request);
  if (!verified) return null;
  const { user, issuedAtMs } = verified;
  return (await sessionValid(user.storeId, user.id, issuedAtMs)) ? user : null;
}

/**
 * Whether the account a token names still exists and still accepts tokens issued at `issuedAtMs`
 * (milliseconds since the epoch). The users module answers; app.ts wires it.
 */
export type SessionValid = (
  storeId: string,
  userId: string,
  issuedAtMs: number,
) => Promise<boolean>;

export function registerAuth(
  app: FastifyInstance,
  secret: Uint8Array,
  sessionValid: SessionValid,
): void {
  app.decorateRequest('user', null);
  app.decorate('signToken', (user: AuthUser) =>
    signToken(
      secret,
      { email: user.email, store: user.storeId, iatMs: Date.now() },
      { subject: user.id, lifetime: TOKEN_LIFETIME },
    ),
  );
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await verify(secret, sessionValid, request);
    if (!user) {
      return reply.code(401).send({
        error: 'Please log in: the session token is missing, invalid or expired',
        code: 'unauthenticated',
      });
    }
    request.user = user;
  });
  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    request.user = await verify(secret, sessionValid, request);
  });
}
