// A payment link: the right to pay one order without signing in, for a customer whose order was
// taken by phone or WhatsApp (docs/decisions/back-office-new-order.md). A JWT with the server's
// key, like the session tokens, but with its own audience: a session never accepts it (tokens
// with an audience are refused there, lib/tokens.ts) and it never opens anything but this order.
import { SignJWT, errors, jwtVerify } from 'jose';
import type { FastifyRequest } from 'fastify';
import { PAY_TOKEN_HEADER, payLinkMessages } from '@store/contracts/payments';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { normalizeOrderId } from './order-id';
import { withoutTrailingSlashes } from '../../lib/request-path';

const AUDIENCE = 'pay-link';
const ALG = 'HS256';

export interface PayLinkClaims {
  orderId: string;
  storeId: string;
}

/** A token for paying `orderId` of `storeId`, valid until `expiresAt` (the order's pay window). */
export function signPayLink(
  secret: Uint8Array,
  claims: PayLinkClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ store: claims.storeId })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setAudience(AUDIENCE)
    .setSubject(claims.orderId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

/** The storefront page the link opens: the token in the fragment, which browsers never send. */
export const payLinkUrl = (baseUrl: string, orderId: string, token: string) =>
  `${withoutTrailingSlashes(baseUrl)}/payment?orderId=${encodeURIComponent(orderId)}#payToken=${encodeURIComponent(token)}`;

/**
 * The order a link pays, or a 4xx the payment page shows as it is: 410 pay_link_expired once the
 * pay window is over, 403 pay_link_invalid when it was altered, signed by another key, made for
 * another store or (with `orderId`) for another order than the one asked about.
 */
export async function verifyPayLink(
  secret: Uint8Array,
  token: string,
  storeId: string,
  orderId?: string,
): Promise<PayLinkClaims> {
  const invalid = () => new HttpError(403, payLinkMessages.invalid, undefined, 'pay_link_invalid');
  let payload;
  try {
    ({ payload } = await jwtVerify(token, secret, { algorithms: [ALG], audience: AUDIENCE }));
  } catch (err) {
    if (err instanceof errors.JWTExpired)
      throw new HttpError(410, payLinkMessages.expired, undefined, 'pay_link_expired');
    throw invalid();
  }
  if (typeof payload.sub !== 'string' || payload.store !== storeId) throw invalid();
  if (orderId !== undefined && normalizeOrderId(orderId) !== payload.sub) {
    throw new HttpError(403, payLinkMessages.otherOrder, undefined, 'pay_link_invalid');
  }
  return { orderId: payload.sub, storeId };
}

/** The payment link's token a request carries (the X-Pay-Token header), or undefined. */
export function payTokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[PAY_TOKEN_HEADER];
  const token = Array.isArray(raw) ? raw[0] : raw;
  return token?.trim() ? token.trim() : undefined;
}

/**
 * Whose order a payment link pays: the order's customer, for POST /payments to pay it as theirs.
 * 403/410 as verifyPayLink; 404 when the order is gone.
 */
export async function payLinkPayer(
  db: DbOrTx,
  secret: Uint8Array,
  token: string,
  storeId: string,
  orderId: string,
): Promise<string> {
  const claims = await verifyPayLink(secret, token, storeId, orderId);
  const [row] = await db
    .select({ userId: orders.userId })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, claims.orderId)));
  if (!row?.userId) throw new HttpError(404, 'Order not found', undefined, 'not_found');
  return row.userId;
}
