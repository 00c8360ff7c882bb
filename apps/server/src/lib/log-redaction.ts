import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are never written to the logs: a password reset link's token
 * (/reset-password?token=…, valid for 30 minutes), the sandbox's approval token, the e-mail
 * or phone that opens an order on Track order and its invoice downloads, and the one-time ticket
 * that opens the demo outbox (/demo/outbox?ticket=…).
 */
const SECRET_QUERY_KEYS = new Set(['token', 'contactinfo', 'ticket']);

function keyOf(part: string): string {
  const raw = part.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** `url` with the values of SECRET_QUERY_KEYS replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) =>
      part.includes('=') && SECRET_QUERY_KEYS.has(keyOf(part))
        ? `${part.split('=', 1)[0]}=[redacted]`
        : part,
    )
    .join('&');
  return `${url.slice(0, q + 1)}${query}`;
}

/** The logger's `serializers`: Fastify's request fields, with the URL redacted. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
