import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';
import { codeForStatus } from '@store/contracts/api-errors';

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
    return reply.code(414).send({ error: 'The address is too long', code: 'uri_too_long' });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply
      .code(400)
      .send({ error: 'The address is not valid (bad percent-encoding)', code: 'invalid_address' });
  }
  const status = error.statusCode ?? 400;
  return reply
    .code(status)
    .send({ error: 'The request could not be read', code: codeForStatus(status) });
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
  const body = JSON.stringify({ error, code: codeForStatus(status) });
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
 * The headers every response carries: not MIME-sniffed, not framed (the sandbox's Approve button
 * must not be clickjacked), no full URLs in Referer to payment providers. Also written by the
 * catalogue cache's fast path (lib/cache-front.ts), which answers before any hook runs.
 */
export function securityHeaders(options: SecurityHeadersOptions): [string, string][] {
  const headers: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    // the web app's pages carry their own, fuller policy (plugins/web.ts)
    ['content-security-policy', "frame-ancestors 'none'"],
  ];
  if (options.hsts)
    headers.push(['strict-transport-security', 'max-age=15552000; includeSubDomains']);
  return headers;
}

/**
 * Input and response rules for every route:
 * - PostgreSQL text cannot hold NUL, so a NUL in the path, query or body is refused up front with
 *   a 400 instead of failing deep in a query;
 * - every response gets securityHeaders(); a page that set its own Content-Security-Policy keeps it.
 */
export function registerHttpHardening(app: FastifyInstance, options: SecurityHeadersOptions): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      return done(new HttpError(400, 'Text must not contain NUL (\\u0000) characters'));
    }
    done();
  });

  const headers = securityHeaders(options);
  app.addHook('onSend', (_request, reply, payload, done) => {
    for (const [name, value] of headers) {
      if (
        name === 'content-security-policy' &&
        (reply.hasHeader(name) || reply.raw.hasHeader(name))
      ) {
        continue;
      }
      reply.header(name, value);
    }
    done(null, payload);
  });
}
