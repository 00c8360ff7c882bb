import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { bearerToken, signToken, verifyToken } from './tokens';

// The operator CLI's token: how `npm run store -- ...` reaches a running server whose embedded
// database it cannot open (PGlite allows one process). Only a holder of the server's JWT key (the
// data folder's jwt-secret or JWT_SECRET) can mint it; shopper tokens have no audience and staff
// tokens are no JWTs, so neither passes. Kept light (no database, no modules): the CLI loads it
// for every command sent to a running server.

export const OPERATOR_AUDIENCE = 'store-operator';

/** A one-minute token for /api/v1/operator/*, signed with the server's own JWT key. */
export function signOperatorToken(secret: Uint8Array): Promise<string> {
  return signToken(secret, { role: 'operator' }, { audience: OPERATOR_AUDIENCE, lifetime: '60s' });
}

/** onRequest hook of every /operator plugin: 401 before anything else is looked at. */
export function operatorOnly(secret: Uint8Array) {
  return async (request: FastifyRequest): Promise<void> => {
    const payload = await verifyToken(
      secret,
      bearerToken(request.headers.authorization),
      OPERATOR_AUDIENCE,
    );
    if (payload?.role !== 'operator') throw new HttpError(401, 'Operator token missing or invalid');
  };
}
