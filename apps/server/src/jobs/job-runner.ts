import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/**
 * Durable background work (docs/decisions/background-jobs.md) on pg-boss: jobs are rows in the
 * database, so a restart loses none; a job is claimed with FOR UPDATE SKIP LOCKED, so several
 * processes on one PostgreSQL run it once; a failed job is retried with exponential backoff; a cron
 * schedule is kept in the database and fires once per minute across all processes. On the
 * embedded database the same code runs in-process against PGlite.
 */

export interface JobDefinition {
  name: string;
  /** the work; a throw fails the attempt and pg-boss retries it later */
  handler: (data: Record<string, unknown>) => Promise<unknown>;
  /** cron expression (UTC) for a recurring job, e.g. '* * * * *' */
  cron?: string;
  /** attempts after the first; default 5 */
  retryLimit?: number;
  /** seconds before the first retry; doubled each time (backoff); default 10 */
  retryDelaySeconds?: number;
}

export interface SendOptions {
  startAfterSeconds?: number;
}

export interface JobRunner {
  send(name: string, data?: Record<string, unknown>, options?: SendOptions): Promise<string | null>;
  stop(): Promise<void>;
  /** Jobs waiting to run (created or waiting to retry), per queue: for /metrics. */
  queueSizes(): Promise<Record<string, number>>;
}

export interface JobRunnerOptions {
  database: Database;
  jobs: JobDefinition[];
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** how often an idle worker looks for due jobs; tests go faster */
  pollingIntervalSeconds?: number;
  /**
   * false: only queue jobs (a ROLE=web process): no handler runs here, no cron fires, no
   * maintenance; a worker process on the same PostgreSQL runs them. Default true.
   */
  work?: boolean;
  /** told of each failed attempt, by job name (for /metrics) */
  onJobFailed?: (name: string) => void;
}

/** pg-boss's database seam over the embedded PGlite: parameterised queries one by one, scripts whole. */
function pgliteAdapter(database: Database): PgBoss.Db {
  const pglite = database.pglite;
  if (!pglite) throw new Error('pgliteAdapter needs the embedded database');
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return pglite.query(text, values);
      // pg-boss sends its schema and its locked sections (BEGIN; …; COMMIT) as one script, which
      // PGlite runs as one exclusive step, so it never interleaves with the app's transactions
      const results = await pglite.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

/** On PostgreSQL pg-boss shares the app's pool: one set of connection settings, one pool to size. */
function poolAdapter(database: Database): PgBoss.Db {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
}

/** A job's queue (retries, backoff, expiry) and its schedule, created or updated. */
async function setUp(boss: PgBoss, job: JobDefinition): Promise<void> {
  await boss.createQueue(job.name, {
    name: job.name,
    retryLimit: job.retryLimit ?? 5,
    retryDelay: job.retryDelaySeconds ?? 10,
    retryBackoff: true,
    // a job whose process died is taken again after this long
    expireInSeconds: 5 * 60,
  });
  if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  else await boss.unschedule(job.name).catch(() => {});
}

/**
 * pg-boss creates its schema and our queues with "create if missing", which races when two
 * processes start at once on a fresh PostgreSQL (one fails on a duplicate key); a session
 * advisory lock lets one set up at a time. PGlite has one process.
 */
async function oneStarterAtATime(database: Database, setUpAll: () => Promise<void>) {
  if (database.kind !== 'postgres') return setUpAll();
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTER_LOCK]);
    await setUpAll();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTER_LOCK]).catch(() => {});
    client.release();
  }
}

/** Any fixed number, the same in every process: the advisory lock of job setup. */
const STARTER_LOCK = 7_210_010;

export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const { database, log } = options;
  const polling = options.pollingIntervalSeconds ?? 2;
  const work = options.work ?? true;
  const boss = new PgBoss({
    db: database.kind === 'pglite' ? pgliteAdapter(database) : poolAdapter(database),
    // send() needs neither: the cron clock and the queue upkeep belong to the processes that work
    schedule: work,
    supervise: work,
  });
  boss.on('error', (err: Error) => log?.error({ err: err.message }, 'Background jobs: error'));
  // the queues are set up by whoever starts first: a web process may queue before a worker is up
  await oneStarterAtATime(database, async () => {
    await boss.start();
    for (const job of options.jobs) await setUp(boss, job);
  });
  for (const job of work ? options.jobs : []) {
    await boss.work(job.name, { pollingIntervalSeconds: polling, batchSize: 1 }, async ([j]) => {
      try {
        return await job.handler((j?.data ?? {}) as Record<string, unknown>);
      } catch (err) {
        options.onJobFailed?.(job.name);
        log?.warn(
          { job: job.name, err: (err as Error).message },
          'Background job failed; it will be retried',
        );
        throw err;
      }
    });
  }

  let stopped = false;
  return {
    send: (name, data = {}, opts = {}) =>
      boss.send(name, data, opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
    async queueSizes() {
      const sizes = await Promise.all(options.jobs.map((job) => boss.getQueueSize(job.name)));
      return Object.fromEntries(options.jobs.map((job, i) => [job.name, sizes[i] ?? 0]));
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // graceful: a running job finishes (up to 10 s) before the database closes under it
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
