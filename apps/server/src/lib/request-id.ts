import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Long enough for a UUID, a W3C trace id or a load balancer's own id; short enough for a log line. */
const MAX_LENGTH = 128;
/** Letters, digits and a few separators: nothing that could forge a log field or a header. */
const SAFE = /^[A-Za-z0-9._:@/+=-]+$/;

/**
 * The request's id (Fastify's `genReqId`, and lib/cache-front.ts for the answers it gives before
 * Fastify): the caller's `X-Request-Id` when it is sane, so a load balancer's id follows the
 * request into our logs; otherwise a UUID, unique across processes (a counter repeats). The id is
 * written back into the headers, so the cache front and Fastify, asking in turn, get one id.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && given.length <= MAX_LENGTH && SAFE.test(given)) return given;
  const id = randomUUID();
  req.headers['x-request-id'] = id;
  return id;
}
