import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What getOrCreate found: a fresh entry, a stale one answered while refreshed, or none. */
export type CacheLookup = 'hit' | 'stale' | 'miss';

export type Encoding = 'br' | 'gzip';

/** The body compressed once, when there is something to gain (as @fastify/compress's threshold). */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Levels for a kept answer, made on every cache miss. Brotli 9 was 80% of a miss's CPU for next to
 * nothing: timed on the seeded store's bodies (median of 200, Node 20, this 2-core machine), GET
 * /products page of 12 (13.6 KB) br q9 5.4 ms -> 3,366 B, br q5 0.10 ms -> 3,381 B, gzip 9 0.055 ms
 * -> 3,556 B, gzip 6 0.051 ms -> 3,576 B; a product (1.5 KB) br q9 1.3 ms, q5 0.025 ms, same size;
 * facets (3.2 KB) br q9 1.2 ms, q5 0.032 ms; a page of 48 (42.6 KB) br q9 10.8 ms, q5 0.52 ms,
 * 0.9% larger. Quality 4 was ~7% larger again; gzip 9 over 6 saved under 1%.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
const compressors: Record<Encoding, (body: string) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: GZIP_LEVEL }),
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
  /** Made with GetOrCreateOptions.staleForMs: kept (stale) when it expires or the catalogue changes. */
  staleForMs?: number;
  /** Made with GetOrCreateOptions.staleOnChange false: kept stale when it expires only. */
  staleOnChange?: false;
}

/**
 * A request's cache identity before any parsing: the headers that pick the store
 * (plugins/store.ts) and the URL exactly as sent. Header values cannot hold a newline.
 */
export const requestCacheKey = (request: IncomingMessage) =>
  `${request.headers['x-store-domain'] ?? ''}\n${request.headers.host ?? ''}\n${request.url}`;

/** How getOrCreate treats an entry that is no longer fresh. */
export interface GetOrCreateOptions {
  /**
   * Serve the previous answer (after a catalogue change or its TTL) while ONE refresh computes the
   * new one in the background, for up to this many ms after it went stale. For answers that are
   * costly and whose staleness a shopper cannot act on (facet counts); never for listings.
   */
  staleForMs?: number;
  /**
   * false: only an answer past its TTL is served stale; one forgotten by a catalogue change is
   * not (the rendered pages: whoever changed the catalogue sees it on the next request).
   */
  staleOnChange?: boolean;
}

/**
 * Serialized responses of catalogue reads, keyed by store + normalized query. Cleared in-process
 * when the catalogue changes; the TTL bounds staleness when another process (a seed run on
 * PostgreSQL) changed it. Concurrent misses of one key share one computation (single-flight), so
 * ten shoppers opening the same page after a catalogue change cost one query, not ten.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  /**
   * requestCacheKey -> entry key, so a repeat request is answered without routing, validation
   * or the handler (lib/cache-front.ts)
   */
  private aliases = new Map<string, { key: string; route: string | undefined }>();
  /**
   * A request's identity for peek and alias: by default requestCacheKey; a cache whose answers
   * depend on more of the request (the rendered pages: forwarded protocol and host) names it too.
   */
  requestKey: (request: IncomingMessage) => string = requestCacheKey;
  /**
   * true: an entry is kept (and given to the requests waiting for it) only once its compressed
   * copies are made, and until then a stale entry being refreshed is still answered. For large
   * bodies (the rendered pages, ~120 KB of HTML): the cache front answers only from a copy, so a
   * fresh entry without one sent every request meanwhile through Fastify to be compressed on the
   * event loop (~1-2 ms each), a burst after every render under load.
   */
  keepOnceCompressed = false;
  /** Told of every getOrCreate's outcome (the hit ratio in plugins/metrics.ts); default: nobody. */
  onLookup: ((result: CacheLookup) => void) | undefined;
  /** Computations under way, by key; forgotten on clear() so later requests see the change. */
  private inFlight = new Map<string, Promise<Entry>>();
  /** Entries made with staleForMs that went stale: served until `staleUntil` while refreshed. */
  private stale = new Map<string, { entry: Entry; staleUntil: number }>();
  /** Bumped by clear(): a computation started before it must not be kept as fresh after it. */
  private generation = 0;

  /** What the kept entries weigh (entrySize), held under maxBytes. */
  private bytesUsed = 0;

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 1000,
    /**
     * Memory for the kept answers: a listing of 100 products is ~75 KB of JSON, kept three or four
     * times over (string, bytes, brotli, gzip), so an entry count alone let 1000 junk variants
     * (`?limit=100&minPrice=N`) hold 227 MB.
     */
    private readonly maxBytes = 64 * 1024 * 1024,
    /**
     * What an answer's body is made from the value `produce` gave: JSON, or (the rendered-page
     * cache, plugins/web.ts) the HTML document itself.
     */
    private readonly serialize: (value: unknown) => string = JSON.stringify,
  ) {}

  /** Values worth keeping across pages (a listing's exact total), forgotten with the responses. */
  private memos = new Map<string, { value: unknown; expiresAt: number }>();
  private memosInFlight = new Map<string, Promise<unknown>>();

  clear(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (entry.staleForMs && entry.staleOnChange !== false) this.keepStale(key, entry, now);
    }
    this.entries.clear();
    if (this.stale.size > 0) {
      // answers kept stale after their TTL only are forgotten with the rest
      for (const [key, { entry }] of this.stale) {
        if (entry.staleOnChange === false) this.stale.delete(key);
      }
    }
    this.bytesUsed = 0;
    this.aliases.clear();
    this.inFlight.clear();
    this.memos.clear();
    this.memosInFlight.clear();
    this.generation++;
  }

  private keepStale(key: string, entry: Entry, now: number): void {
    if (this.stale.size >= this.maxEntries) this.stale.clear();
    this.stale.set(key, { entry, staleUntil: now + (entry.staleForMs ?? 0) });
  }

  /**
   * A value computed once per key until the catalogue changes (clear) or `ttlMs` passes, e.g. the
   * exact count of a large listing that every page of it shows. Concurrent callers of a key not
   * yet known share one computation.
   */
  async memo<T>(key: string, produce: () => Promise<T>, ttlMs = 5 * 60_000): Promise<T> {
    const hit = this.memos.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value as T;
    const pending = this.memosInFlight.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    const computing = produce().then(
      (value) => {
        if (this.memosInFlight.get(key) === computing) this.memosInFlight.delete(key);
        // a value read before a catalogue change is given to its callers but not kept
        if (generation === this.generation) {
          if (this.memos.size >= this.maxEntries) this.memos.clear();
          this.memos.set(key, { value, expiresAt: Date.now() + ttlMs });
        }
        return value;
      },
      (err: unknown) => {
        if (this.memosInFlight.get(key) === computing) this.memosInFlight.delete(key);
        throw err;
      },
    );
    this.memosInFlight.set(key, computing);
    return computing;
  }

  /**
   * A fresh entry for a request seen before (same store headers and URL), without parsing it,
   * and the pattern of the route that made it (for the request metrics).
   */
  peek(request: IncomingMessage): { entry: Entry; route: string | undefined } | undefined {
    const alias = this.aliases.get(this.requestKey(request));
    if (alias === undefined) return undefined;
    const now = Date.now();
    const hit = this.entries.get(alias.key);
    if (hit && hit.expiresAt > now) {
      this.touch(alias.key, hit);
      return { entry: hit, route: alias.route };
    }
    // a stale answer while its refresh is under way, as getOrCreate would give it (the refresh
    // is started there, by a request that went on to Fastify)
    const old = hit ? undefined : this.refreshing(alias.key);
    return old && { entry: old, route: alias.route };
  }

  /**
   * The stale answer getOrCreate gives for `key` while its refresh is under way, if any (a caller
   * that started the refresh can answer with it and leave the refresh to run).
   */
  refreshing(key: string): Entry | undefined {
    const old = this.stale.get(key);
    return old && old.staleUntil > Date.now() && this.inFlight.has(key) ? old.entry : undefined;
  }

  /**
   * Least recently used goes first: a hit moves its entry to the back of the Map's order, so a
   * page shoppers keep opening outlives a crawler's thousand one-off queries.
   */
  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private keep(key: string, entry: Entry): void {
    this.drop(key);
    this.entries.set(key, entry);
    this.bytesUsed += entrySize(entry);
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytesUsed <= this.maxBytes) break;
      if (oldest === key) break;
      this.drop(oldest, old);
    }
  }

  private drop(key: string, entry = this.entries.get(key)): void {
    if (!entry) return;
    this.entries.delete(key);
    this.bytesUsed -= entrySize(entry);
  }

  /** What the kept answers weigh, in bytes (estimated: see entrySize). */
  get bytes(): number {
    return this.bytesUsed;
  }

  /** Remember that `request` was answered with the entry `key` (call after getOrCreate). */
  alias(request: Pick<FastifyRequest, 'raw' | 'routeOptions'>, key: string): void {
    if (this.aliases.size >= this.maxEntries * 4) this.aliases.clear();
    this.aliases.set(this.requestKey(request.raw), { key, route: request.routeOptions.url });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Resolves once every entry made so far has its compressed copies. */
  async settled(): Promise<void> {
    await Promise.all([...this.entries.values()].map((e) => e.compressed));
  }

  /** Resolves once the computations under way (background refreshes included) have ended. */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /**
   * The fresh entry of `key`, or the one computation of it under way, or a new one. With
   * `staleForMs` (and a TTL above 0) an entry that went stale is answered at once while one
   * background refresh replaces it.
   */
  async getOrCreate(
    key: string,
    produce: () => Promise<unknown>,
    options: GetOrCreateOptions = {},
  ): Promise<Entry> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) {
      this.touch(key, hit);
      this.onLookup?.('hit');
      return hit;
    }
    const swr = this.ttlMs > 0 && options.staleForMs ? options.staleForMs : 0;
    if (hit) {
      this.drop(key, hit);
      if (hit.staleForMs) this.keepStale(key, hit, now);
    }
    // TTL 0 keeps no answer, not even for a request arriving meanwhile: every request computes
    // its own (bench/catalogue.mjs measures misses that way)
    const pending =
      (this.ttlMs > 0 ? this.inFlight.get(key) : undefined) ??
      this.compute(key, produce, swr, options.staleOnChange);
    const old = swr ? this.stale.get(key) : undefined;
    if (old && old.staleUntil > now) {
      // the refresh's failure is the next request's to see: this one has its answer
      pending.catch(() => undefined);
      this.onLookup?.('stale');
      return old.entry;
    }
    this.onLookup?.('miss');
    return pending;
  }

  private compute(
    key: string,
    produce: () => Promise<unknown>,
    staleForMs: number,
    staleOnChange?: boolean,
  ) {
    const generation = this.generation;
    const computing: Promise<Entry> = produce()
      .then((value) => {
        const entry = this.makeEntry(value, staleForMs, staleOnChange);
        const kept = () => {
          // made from what was read before a catalogue change: answer the callers, keep nothing
          if (generation === this.generation) {
            this.keep(key, entry);
            this.stale.delete(key);
          }
          return entry;
        };
        return this.keepOnceCompressed ? entry.compressed.then(kept) : kept();
      })
      .finally(() => {
        if (this.inFlight.get(key) === computing) this.inFlight.delete(key);
      });
    this.inFlight.set(key, computing);
    return computing;
  }

  private makeEntry(value: unknown, staleForMs: number, staleOnChange?: boolean): Entry {
    const body = this.serialize(value);
    // weak: the same entity goes out gzip-, brotli- or un-encoded, byte-different but equivalent
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    const encoded: Entry['encoded'] = {};
    // Browsers always accept br or gzip; compressing a catalogue page on every request cost ~6x
    // the throughput (bench/api.mjs), so each entry is compressed once, off the main thread.
    // an answer nobody will be given again (TTL 0: bench/catalogue.mjs measuring misses) is not
    // worth compressing: its copies would only take CPU from the requests being measured
    const compressed =
      body.length < COMPRESS_MIN_BYTES || this.ttlMs <= 0
        ? Promise.resolve()
        : Promise.all(
            (Object.keys(compressors) as Encoding[]).map(async (encoding) => {
              encoded[encoding] = await compressors[encoding](body);
            }),
          ).then(
            () => undefined,
            () => undefined,
          );
    return {
      body,
      bytes: Buffer.from(body),
      etag,
      expiresAt: Date.now() + this.ttlMs,
      encoded,
      compressed,
      ...(staleForMs ? { staleForMs } : {}),
      ...(staleForMs && staleOnChange === false ? { staleOnChange } : {}),
    };
  }
}

/**
 * An entry's weight: the body as a string (UTF-16, two bytes a character) and as bytes, plus room
 * for its brotli and gzip copies, which arrive later (a tenth of it each is generous for JSON).
 */
function entrySize(entry: Entry): number {
  return entry.body.length * 2 + entry.bytes.length * 1.2;
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
