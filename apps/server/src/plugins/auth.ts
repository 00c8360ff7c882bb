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
    /** preHandler: 401 `{ error }` unless a valid Bearer token for this store is sent. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: sets request.user when a valid token is sent, otherwise leaves it null. */
    optionalAuth(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Issues a 30-day HS256 token for the user. */
    signToken(user: AuthUser): Promise<string>;
  }
}

const TOKEN_LIFETIME = '30d';

async function verifySignature(
  secret: Uint8Array,
  request: FastifyRequest,
): Promise<AuthUser | null> {
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
  return { id: payload.sub, email: payload.email, storeId: payload.store };
}

/**
 * A valid signature is not enough: the account may have been deleted since the token was issued
 * (30 days), and its id would then break a foreign key (a 500 on POST /orders). One primary-key
 * lookup per authenticated request; not cached, so a deleted account is refused at once.
 */
async function verify(
  secret: Uint8Array,
  accountExists: AccountExists,
  request: FastifyRequest,
): Promise<AuthUser | null> {
  const user = await verifySignature(secret, request);
  if (!user) return null;
  return (await accountExists(user.storeId, user.id)) ? user : null;
}

/** Whether the account a token names still exists (the users module answers; app.ts wires it). */
export type AccountExists = (storeId: string, userId: string) => Promise<boolean>;

export function registerAuth(
  app: FastifyInstance,
  secret: Uint8Array,
  accountExists: AccountExists,
): void {
  app.decorateRequest('user', null);
  app.decorate('signToken', (user: AuthUser) =>
    signToken(
      secret,
      { email: user.email, store: user.storeId },
      { subject: user.id, lifetime: TOKEN_LIFETIME },
    ),
  );
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await verify(secret, accountExists, request);
    if (!user) {
      return reply
        .code(401)
        .send({ error: 'Please log in: the session token is missing, invalid or expired' });
    }
    request.user = user;
  });
  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    request.user = await verify(secret, accountExists, request);
  });
}
