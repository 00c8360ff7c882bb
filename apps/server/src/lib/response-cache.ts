import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** The body compressed once, when there is something to gain (as @fastify/compress's threshold). */
const COMPRESS_MIN_BYTES = 1024;
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

export interface CachedBody {
  body: string;
  etag: string;
  /** Compressed copies, filled in shortly after the entry is made. */
  encoded?: Partial<Record<Encoding, Buffer>>;
}

interface Entry extends CachedBody {
  expiresAt: number;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Settles when the compressed copies are there (or failed: then the plugin compresses). */
  compressed: Promise<void>;
}

/**
 * Serialized responses of catalogue reads, keyed by store + normalized query. Cleared in-process
 * when the catalogue changes; the TTL bounds staleness when another process (a seed run on
 * PostgreSQL) changed it.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  /** raw request key (store + URL as sent) -> entry key, so repeat requests skip validation */
  private aliases = new Map<string, string>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 1000,
  ) {}

  clear(): void {
    this.entries.clear();
    this.aliases.clear();
  }

  /** A fresh entry for a request URL seen before, without parsing it again. */
  peekRaw(rawKey: string): Entry | undefined {
    const key = this.aliases.get(rawKey);
    const hit = key === undefined ? undefined : this.entries.get(key);
    return hit && hit.expiresAt > Date.now() ? hit : undefined;
  }

  alias(rawKey: string, key: string): void {
    if (this.aliases.size >= this.maxEntries * 4) this.aliases.clear();
    this.aliases.set(rawKey, key);
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
    const entry: Entry = { body, etag, expiresAt: now + this.ttlMs, encoded, compressed };
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

/**
 * The encoding to answer with, of those at hand: br before gzip, as the client accepts them
 * (RFC 9110 12.5.3: `q=0` refuses, `*` stands for any encoding not named).
 */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  available: Partial<Record<Encoding, Buffer>>,
): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((x) => x.trim());
    if (!name) continue;
    const qParam = params.find((x) => x.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepted = (e: Encoding) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).find((e) => available[e] && accepted(e));
}

/** Sends a cached JSON body (compressed when the client takes it), or 304 when it holds it. */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, entry: CachedBody) {
  reply
    .header('etag', entry.etag)
    .header('cache-control', 'no-cache')
    // lower case: @fastify/compress looks for exactly this when it compresses instead
    .header('vary', 'Host, X-Store-Domain, accept-encoding');
  const inm = request.headers['if-none-match'];
  if (inm && (inm.trim() === '*' || inm.split(',').some((t) => sameEtag(t, entry.etag)))) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoded = entry.encoded ?? {};
  const encoding = preferredEncoding(request.headers['accept-encoding'], encoded);
  const compressed = encoding && encoded[encoding];
  if (compressed) return reply.header('content-encoding', encoding).send(compressed);
  return reply.send(entry.body);
}

/** Query string as a stable cache key: keys sorted, values as parsed. */
export function normalizeQuery(query: Record<string, unknown>): string {
  return Object.keys(query)
    .filter((k) => query[k] !== undefined)
    .sort()
    .map((k) => `${k}=${String(query[k])}`)
    .join('&');
}

export const rawCacheKey = (request: FastifyRequest) => `${request.store.id}|${request.url}`;
