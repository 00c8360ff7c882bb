import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { RequestHistogram } from './request-histogram';

/** node-postgres Pool's own counts (totalCount, idleCount, waitingCount). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * Where a catalogue answer came from: before Fastify (lib/cache-front.ts) or in its route; or a
 * rendered page looked up in the page cache (plugins/web.ts).
 */
export type CacheLayer = 'front' | 'route' | 'page';
export type CacheResult = 'hit' | 'stale' | 'miss';

/** Requests Fastify matched to no route: one label, whatever the URL (bounded cardinality). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** How long a scrape waits for the job queue's counts before leaving them out. */
const QUEUE_SIZE_TIMEOUT_MS = 500;

/**
 * The store's Prometheus metrics (docs/decisions/observability.md). One registry per app, not
 * prom-client's global one, so test apps do not share counts. What lives outside the plugins (the
 * pool in db/client.ts, the jobs in jobs/job-runner.ts, the caches in lib/) reports through the
 * functions below, handed to it by server.ts and app.ts: this file imports no module.
 */
export class StoreMetrics {
  readonly registry = new Registry();
  private readonly requests: RequestHistogram;
  /**
   * Lookups counted here and added to the counter at each scrape: Counter.inc hashes its labels
   * on every call (~250 ns), too much for the cache front's hits.
   */
  private readonly cacheCounts: Record<CacheLayer, Record<CacheResult, number>> = {
    front: { hit: 0, stale: 0, miss: 0 },
    route: { hit: 0, stale: 0, miss: 0 },
    page: { hit: 0, stale: 0, miss: 0 },
  };
  private readonly poolWait: Histogram;
  private readonly jobFailures: Counter<'queue'>;
  private poolStats: (() => PoolStats) | undefined;
  private queueSizes: (() => Promise<Record<string, number>>) | undefined;

  constructor() {
    const registers = [this.registry];
    // process CPU and memory, GC, and nodejs_eventloop_lag_* (a busy event loop delays everyone)
    collectDefaultMetrics({ register: this.registry });
    this.requests = new RequestHistogram(
      'http_request_duration_seconds',
      'Time to answer a request, by method, route pattern and status (its _count is the request rate)',
      [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      this.registry,
    );
    const cache: Counter<'layer' | 'result'> = new Counter({
      name: 'store_catalogue_cache_lookups_total',
      help: 'Catalogue answers (layer front, route) and rendered pages (layer page) looked up in their caches: hit, stale (served while refreshed) or miss',
      labelNames: ['layer', 'result'],
      registers,
      collect: () => {
        for (const layer of ['front', 'route', 'page'] as const) {
          for (const result of ['hit', 'stale', 'miss'] as const) {
            cache.inc({ layer, result }, this.cacheCounts[layer][result]);
            this.cacheCounts[layer][result] = 0;
          }
        }
      },
    });
    this.poolWait = new Histogram({
      name: 'store_db_pool_wait_seconds',
      help: 'Time a query waited for a PostgreSQL connection from the pool',
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
      registers,
    });
    const pool = (name: string, help: string, read: (s: PoolStats) => number) => {
      const gauge: Gauge = new Gauge({
        name,
        help,
        registers,
        collect: () => {
          const stats = this.poolStats?.();
          if (stats) gauge.set(read(stats));
        },
      });
    };
    pool('store_db_pool_connections', 'PostgreSQL connections open in the pool', (s) => s.total);
    pool('store_db_pool_idle_connections', 'Open connections not in use', (s) => s.idle);
    pool(
      'store_db_pool_waiting_clients',
      'Queries waiting for a connection (the pool is exhausted)',
      (s) => s.waiting,
    );
    const queues: Gauge<'queue'> = new Gauge({
      name: 'store_job_queue_size',
      help: 'Background jobs waiting to run, by queue (left out when the database does not answer quickly)',
      labelNames: ['queue'],
      registers,
      collect: async () => {
        const sizes = await this.readQueueSizes();
        queues.reset();
        for (const [queue, size] of Object.entries(sizes)) queues.set({ queue }, size);
      },
    });
    this.jobFailures = new Counter({
      name: 'store_jobs_failed_total',
      help: 'Background job attempts that threw (each is retried with backoff)',
      labelNames: ['queue'],
      registers,
    });
  }

  /** Records one answered request; `route` is the route's pattern (/products/:id), never the URL. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    this.requests.observe(method, route ?? UNMATCHED_ROUTE, status, seconds);
  }

  cacheLookup(layer: CacheLayer, result: CacheResult): void {
    this.cacheCounts[layer][result]++;
  }

  /** The pool's counts, read at each scrape (db/client.ts Database.poolStats). */
  watchPool(stats: () => PoolStats): void {
    this.poolStats = stats;
  }

  poolWaited(seconds: number): void {
    this.poolWait.observe(seconds);
  }

  /** Jobs waiting per queue, read at each scrape (jobs/job-runner.ts JobRunner.queueSizes). */
  watchJobs(sizes: () => Promise<Record<string, number>>): void {
    this.queueSizes = sizes;
  }

  jobFailed(queue: string): void {
    this.jobFailures.inc({ queue });
  }

  /** The counts, or none when they do not come in time: a scrape must not hang on the database. */
  private async readQueueSizes(): Promise<Record<string, number>> {
    if (!this.queueSizes) return {};
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Record<string, number>>((resolve) => {
      timer = setTimeout(() => resolve({}), QUEUE_SIZE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.queueSizes().catch(() => ({})), late]);
    } finally {
      clearTimeout(timer);
    }
  }
}

export interface MetricsAccess {
  /** METRICS_TOKEN: when set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string | undefined;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack listener's view of 127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** Whether this request may read /metrics: the token, or else a connection from this machine. */
function allowed(request: FastifyRequest, expected: Buffer | null): boolean {
  if (expected) {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ')) return false;
    // compared as digests: same length whatever was sent, and in constant time
    return timingSafeEqual(digest(header.slice(7).trim()), expected);
  }
  // the socket's address, not request.ip: X-Forwarded-For is the client's to write
  return isLoopback(request.socket.remoteAddress);
}

/**
 * GET /metrics (Prometheus text format) and the hook that times every request Fastify answers.
 * Outside /api: no store resolution, no rate limit, no cache, not in the API docs or sitemap.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: StoreMetrics,
  access: MetricsAccess = {},
): void {
  const expected = access.token ? digest(access.token) : null;

  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get(
    '/metrics',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!allowed(request, expected)) {
        if (expected) reply.header('www-authenticate', 'Bearer');
        return reply.code(expected ? 401 : 403).send({
          error: expected
            ? 'Metrics need the METRICS_TOKEN as a bearer token'
            : 'Metrics answer only on this machine (set METRICS_TOKEN to read them from elsewhere)',
          code: expected ? 'metrics_token_required' : 'metrics_local_only',
        });
      }
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
}
