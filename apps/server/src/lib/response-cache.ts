import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface Entry {
  body: string;
  etag: string;
  expiresAt: number;
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

  async getOrCreate(key: string, produce: () => Promise<unknown>): Promise<Entry> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit;
    const body = JSON.stringify(await produce());
    // weak: the same entity goes out gzip-, brotli- or un-encoded, byte-different but equivalent
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    const entry = { body, etag, expiresAt: now + this.ttlMs };
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

/** Sends a cached JSON body, or 304 when the client already holds it. */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: { body: string; etag: string },
) {
  reply
    .header('etag', entry.etag)
    .header('cache-control', 'no-cache')
    .header('vary', 'Host, X-Store-Domain');
  const inm = request.headers['if-none-match'];
  if (inm && (inm.trim() === '*' || inm.split(',').some((t) => sameEtag(t, entry.etag)))) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(entry.body);
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
