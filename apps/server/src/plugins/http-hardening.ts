import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';

/**
 * Errors Fastify raises before routing (a bad percent-encoding, an id longer than the router
 * allows): answered in the API's `{ error }` shape, without echoing the URL back.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(414).send({ error: 'The address is too long' });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.code(400).send({ error: 'The address is not valid (bad percent-encoding)' });
  }
  return reply.code(error.statusCode ?? 400).send({ error: 'The request could not be read' });
}

/** Malformed HTTP that never becomes a request (Node's clientError): a short JSON answer. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  // a reset connection has nobody left to answer
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, error] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'Malformed HTTP request'];
  const body = JSON.stringify({ error });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

const NUL = '\u0000';

/** Whether a parsed value holds a NUL anywhere (iterative: deep JSON must not overflow the stack). */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (v.includes(NUL)) return true;
    } else if (v !== null && typeof v === 'object') {
      for (const key of Object.keys(v)) {
        if (key.includes(NUL)) return true;
        pending.push((v as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

export interface SecurityHeadersOptions {
  /** Send Strict-Transport-Security: only when the store is served over https. */
  hsts: boolean;
}

/**
 * Input and response rules for every route:
 * - PostgreSQL text cannot hold NUL, so a NUL in the path, query or body is refused up front with
 *   a 400 instead of failing deep in a query;
 * - responses are not MIME-sniffed, not framed (the sandbox's Approve button must not be
 *   clickjacked), and leak no full URLs in Referer to payment providers.
 */
export function registerHttpHardening(app: FastifyInstance, options: SecurityHeadersOptions): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      return done(new HttpError(400, 'Text must not contain NUL (\\u0000) characters'));
    }
    done();
  });

  const hsts = options.hsts ? 'max-age=15552000; includeSubDomains' : null;
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // the web app's pages carry their own, fuller policy (plugins/web.ts)
    if (
      !reply.hasHeader('content-security-policy') &&
      !reply.raw.hasHeader('content-security-policy')
    ) {
      reply.header('content-security-policy', "frame-ancestors 'none'");
    }
    if (hsts) reply.header('strict-transport-security', hsts);
    done(null, payload);
  });
}
