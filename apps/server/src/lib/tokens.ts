import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

// The one way this server signs and checks its bearer tokens: shoppers' session tokens
// (plugins/auth.ts) and the operator CLI's (modules/orders/operator.routes.ts). Both are HS256 with
// the server's key; the audience keeps them apart.

const ALG = 'HS256';

/** The token of an `Authorization: Bearer <token>` header; null when there is none. */
export function bearerToken(header: string | undefined): string | null {
  return (header && /^Bearer\s+(\S+)$/i.exec(header)?.[1]) || null;
}

export interface TokenOptions {
  /** who the token is for; session tokens have none */
  audience?: string;
  subject?: string;
  /** e.g. '30d', '60s' */
  lifetime: string;
}

export function signToken(
  secret: Uint8Array,
  claims: JWTPayload,
  { audience, subject, lifetime }: TokenOptions,
): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: ALG, typ: 'JWT' });
  if (audience) jwt.setAudience(audience);
  if (subject) jwt.setSubject(subject);
  return jwt.setIssuedAt().setExpirationTime(lifetime).sign(secret);
}

/**
 * The claims of a token signed with `secret`, unexpired and for `audience`, else null. Without an
 * audience only tokens that name none pass, so an operator token never opens a shopper's session
 * (and a session token, having none, never reaches the operator's routes).
 */
export async function verifyToken(
  secret: Uint8Array,
  token: string | null,
  audience?: string,
): Promise<JWTPayload | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALG],
      ...(audience ? { audience } : {}),
    });
    if (!audience && payload.aud !== undefined) return null;
    return payload;
  } catch {
    return null;
  }
}
