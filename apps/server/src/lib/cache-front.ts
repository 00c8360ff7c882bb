import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import {
  acceptedEncodings,
  CACHED_JSON_HEADERS,
  COMPRESS_MIN_BYTES,
  holdsEtag,
  type Encoding,
  type Entry,
  type ResponseCache,
} from './response-cache';
import { requestIdOf } from './request-id';

/** Told of each answer the front gives (plugins/metrics.ts): the route that made it, status, time. */
export type FrontAnswered = (route: string | undefined, status: number, seconds: number) => void;

type Variant = Encoding | 'identity' | 'not-modified';

/** What the answers of one cache look like, besides their body, length and encoding. */
export interface FrontAnswers {
  /** Content-Type, Cache-Control, Vary and whatever else every answer of the cache carries. */
  headers: readonly (readonly [string, string])[];
  /** Whether answers carry their entry's ETag (and If-None-Match gets a 304). */
  etag: boolean;
  /** Requests the front must leave to Fastify although their URL was answered from the cache. */
  leave?: (req: IncomingMessage) => boolean;
  /** The log line of a hit. */
  logMessage: string;
}

/** The catalogue's JSON answers (lib/response-cache.ts sendCachedJson sends the same). */
export const CATALOGUE_ANSWERS: FrontAnswers = {
  headers: [
    ['cache-control', CACHED_JSON_HEADERS['cache-control']],
    ['vary', CACHED_JSON_HEADERS.vary],
    ['content-type', CACHED_JSON_HEADERS['content-type']],
  ],
  etag: true,
  logMessage: 'request completed (catalogue cache)',
};

const LOGGED_LEVELS = new Set(['info', 'debug', 'trace']);

/**
 * The catalogue cache's fast path, in front of Fastify (docs/decisions/server-api-rules.md):
 * a GET whose exact store headers and URL were answered from the ResponseCache before, and
 * whose entry is still fresh, is written straight to the socket with headers prepared once per
 * entry. Routing, the request and reply objects, the hooks and validation all ran for the first
 * such request; they would give the same answer again. Anything else goes on to Fastify,
 * including clients that want an encoding no copy is kept in, and every request once the server
 * is closing (Fastify answers those 503).
 */
export class CacheFront {
  /** Set when the server starts closing: everything goes to Fastify. */
  closing = false;
  /** Hits are logged here (one line, as Fastify's "request completed") at info and below. */
  log: FastifyBaseLogger | null = null;
  private prepared = new WeakMap<Entry, Partial<Record<Variant, string[]>>>();
  /** accept-encoding value -> the kept encodings it takes, best first (browsers send a few) */
  private accepted = new Map<string, Encoding[]>();

  constructor(
    private readonly cache: ResponseCache,
    /** Headers every response carries (plugins/http-hardening.ts securityHeaders). */
    private readonly baseHeaders: readonly (readonly [string, string])[],
    private readonly answered?: FrontAnswered,
    private readonly answers: FrontAnswers = CATALOGUE_ANSWERS,
  ) {}

  /** Wraps Fastify's request handler (the `serverFactory` option). */
  wrap(next: RequestListener): RequestListener {
    return (req, res) => {
      if (!this.serve(req, res)) next(req, res);
    };
  }

  /** Answers from the cache when it can; false: the request is Fastify's. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || this.closing) return false;
    const hit = this.cache.peek(req);
    if (!hit || this.answers.leave?.(req)) return false;
    const { entry } = hit;
    const started = performance.now();
    const logged = this.log !== null && LOGGED_LEVELS.has(this.log.level);

    let variant: Variant;
    let body: Buffer | undefined;
    if (this.answers.etag && holdsEtag(req.headers['if-none-match'], entry.etag)) {
      variant = 'not-modified';
    } else {
      const acceptEncoding = req.headers['accept-encoding'];
      const encoding = acceptEncoding
        ? this.acceptedEncodings(acceptEncoding).find((e) => entry.encoded[e])
        : undefined;
      if (encoding) {
        variant = encoding;
        body = entry.encoded[encoding];
      } else if (
        !acceptEncoding ||
        acceptEncoding.trim().toLowerCase() === 'identity' ||
        entry.bytes.length < COMPRESS_MIN_BYTES
      ) {
        variant = 'identity';
        body = entry.bytes;
      } else {
        // a copy not made yet, or an encoding only @fastify/compress makes (deflate)
        return false;
      }
    }

    const headers = this.headers(entry, variant);
    // the last slot is the request id's: writeHead copies the list before anyone else can use it
    headers[headers.length - 1] = requestIdOf(req);
    res.writeHead(variant === 'not-modified' ? 304 : 200, headers);
    res.end(body);
    const seconds = (performance.now() - started) / 1000;
    this.answered?.(hit.route, res.statusCode, seconds);
    if (logged) {
      this.log!.info(
        {
          reqId: headers[headers.length - 1],
          // shaped for Fastify's req serializer, which reads a Fastify request's host and ip
          // (behind a proxy this is the proxy's address: the fast path does not read X-Forwarded-For)
          req: {
            method: req.method,
            url: req.url,
            headers: req.headers,
            host: req.headers.host,
            ip: req.socket.remoteAddress,
            socket: req.socket,
          },
          res: { statusCode: res.statusCode },
          responseTime: seconds * 1000,
        },
        this.answers.logMessage,
      );
    }
    return true;
  }

  private acceptedEncodings(acceptEncoding: string): Encoding[] {
    let list = this.accepted.get(acceptEncoding);
    if (!list) {
      list = acceptedEncodings(acceptEncoding);
      if (this.accepted.size >= 64) this.accepted.clear();
      this.accepted.set(acceptEncoding, list);
    }
    return list;
  }

  /**
   * The response headers as Node's flat [name, value, ...] list, built once per entry; the last
   * value is left for the request's id.
   */
  private headers(entry: Entry, variant: Variant): string[] {
    let byVariant = this.prepared.get(entry);
    if (!byVariant) {
      byVariant = {};
      this.prepared.set(entry, byVariant);
    }
    let flat = byVariant[variant];
    if (!flat) {
      const pairs: (readonly [string, string])[] = this.answers.etag ? [['etag', entry.etag]] : [];
      for (const pair of this.answers.headers) {
        if (variant !== 'not-modified' || pair[0] !== 'content-type') pairs.push(pair);
      }
      if (variant !== 'not-modified') {
        const body = variant === 'identity' ? entry.bytes : entry.encoded[variant]!;
        if (variant !== 'identity') pairs.push(['content-encoding', variant]);
        pairs.push(['content-length', String(body.length)]);
      }
      flat = [...pairs, ...this.baseHeaders, ['x-request-id', '']].flat();
      byVariant[variant] = flat;
    }
    return flat;
  }
}
