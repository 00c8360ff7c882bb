import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** The body compressed once, when there is something to gain (as @fastify/compress's threshold). */
export const COMPRESS_MIN_BYTES = 1024;
const compressors: Record<Encoding, (body: string) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

export interface Entry {
  body: string;
  /** The body as sent uncompressed: encoded once, not on every request. */
  bytes: Buffer;
  etag: string;
  expiresAt: number;
  /** Compressed copies, filled in shortly after the entry is made. */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Settles when the compressed copies are there (or failed: then the plugin compresses). */
  compressed: Promise<void>;
}

/**
 * A request's cache identity before any parsing: the headers that pick the store
 * (plugins/store.ts) and the URL exactly as sent. Header values cannot hold a newline.
 */
export const requestCacheKey = (request: IncomingMessage) =>
  `${request.headers['x-store-domain'] ?? ''}\n${request.headers.host ?? ''}\n${request.url}`;

/**
 * Serialized responses of catalogue reads, keyed by store + normalized query. Cleared in-process
 * when the catalogue changes; the TTL bounds staleness when another process (a seed run on
 * PostgreSQL) changed it.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  /**
   * requestCacheKey -> entry key, so a repeat request is answered without routing, validation
   * or the handler (lib/cache-front.ts)
   */
  private aliases = new Map<string, string>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 1000,
  ) {}

  /** Values worth keeping across pages (a listing's exact total), forgotten with the responses. */
  private memos = new Map<string, { value: unknown; expiresAt: number }>();

  clear(): void {
    this.entries.clear();
    this.aliases.clear();
    this.memos.clear();
  }

  /**
   * A value computed once per key until the catalogue changes (clear) or `ttlMs` passes, e.g. the
   * exact count of a large listing that every page of it shows.
   */
  async memo<T>(key: string, produce: () => Promise<T>, ttlMs = 5 * 60_000): Promise<T> {
    const now = Date.now();
    const hit = this.memos.get(key);
    if (hit && hit.expiresAt > now) return hit.value as T;
    const value = await produce();
    if (this.memos.size >= this.maxEntries) this.memos.clear();
    this.memos.set(key, { value, expiresAt: now + ttlMs });
    return value;
  }

  /** A fresh entry for a request seen before (same store headers and URL), without parsing it. */
  peek(request: IncomingMessage): Entry | undefined {
    const key = this.aliases.get(requestCacheKey(request));
    const hit = key === undefined ? undefined : this.entries.get(key);
    return hit && hit.expiresAt > Date.now() ? hit : undefined;
  }

  /** Remember that `request` was answered with the entry `key` (call after getOrCreate). */
  alias(request: IncomingMessage, key: string): void {
    if (this.aliases.size >= this.maxEntries * 4) this.aliases.clear();
    this.aliases.set(requestCacheKey(request), key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Resolves once every entry made so far has its compressed copies. */
  async settled(): Promise<void> {
    await Promise.all([...this.entries.values()].map((e) => e.compressed));
  }

  async getOrCreate(key: string, produce: () => Promise<unknown>): Promise<Entry> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit;
    const body = JSON.stringify(await produce());
    // weak: the same entity goes out gzip-, brotli- or un-encoded, byte-different but equivalent
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    const encoded: Entry['encoded'] = {};
    // Browsers always accept br or gzip; compressing a catalogue page on every request cost ~6x
    // the throughput (bench/api.mjs), so each entry is compressed once, off the main thread.
    const compressed =
      body.length < COMPRESS_MIN_BYTES
        ? Promise.resolve()
        : Promise.all(
            (Object.keys(compressors) as Encoding[]).map(async (encoding) => {
              encoded[encoding] = await compressors[encoding](body);
            }),
          ).then(
            () => undefined,
            () => undefined,
          );
    const entry: Entry = {
      body,
      bytes: Buffer.from(body),
      etag,
      expiresAt: now + this.ttlMs,
      encoded,
      compressed,
    };
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
    return entry;
  }
}

/** Weak comparison (RFC 9110 8.8.3.2): the opaque tags match, W/ or not. */
const sameEtag = (a: string, b: string) => a.trim().replace(/^W\//, '') === b.replace(/^W\//, '');

/** Whether an If-None-Match header names the entry's tag (or `*`): answer 304. */
export function holdsEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return (
    !!ifNoneMatch &&
    (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((t) => sameEtag(t, etag)))
  );
}

/**
 * The kept encodings a client takes, best first: br before gzip, as it accepts them
 * (RFC 9110 12.5.3: `q=0` refuses, `*` stands for any encoding not named).
 */
export function acceptedEncodings(acceptEncoding: string | undefined): Encoding[] {
  if (!acceptEncoding) return [];
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((x) => x.trim());
    if (!name) continue;
    const qParam = params.find((x) => x.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  return (['br', 'gzip'] as const).filter((e) => (q.get(e) ?? q.get('*') ?? 0) > 0);
}

/** The encoding to answer with, of those at hand (see acceptedEncodings). */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  available: Partial<Record<Encoding, Buffer>>,
): Encoding | undefined {
  return acceptedEncodings(acceptEncoding).find((e) => available[e]);
}

/** What a cached catalogue answer sends besides the body, its length and encoding. */
export const CACHED_JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-cache',
  // lower case: @fastify/compress looks for exactly this when it compresses instead
  vary: 'Host, X-Store-Domain, accept-encoding',
} as const;

/** Sends a cached JSON body (compressed when the client takes it), or 304 when it holds it. */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply
    .header('etag', entry.etag)
    .header('cache-control', CACHED_JSON_HEADERS['cache-control'])
    .header('vary', CACHED_JSON_HEADERS.vary);
  if (holdsEtag(request.headers['if-none-match'], entry.etag)) {
    return reply.code(304).send();
  }
  reply.type(CACHED_JSON_HEADERS['content-type']);
  const encoding = preferredEncoding(request.headers['accept-encoding'], entry.encoded);
  const compressed = encoding && entry.encoded[encoding];
  if (compressed) return reply.header('content-encoding', encoding).send(compressed);
  return reply.send(entry.bytes);
}

/**
 * Query string as a stable cache key: keys sorted, values as parsed, lists sorted (`color=a&color=b`
 * and `color=b&color=a` are one filter). JSON, so a value holding `&`, `=` or `,` cannot pass for
 * another parameter or list.
 */
export function normalizeQuery(query: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(query)
      .filter((k) => query[k] !== undefined)
      .sort()
      .map((k) => {
        const v = query[k];
        return [k, Array.isArray(v) ? v.map(String).sort() : v];
      }),
  );
}
