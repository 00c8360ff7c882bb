import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { migrationsCurrent, newestShippedMigration } from '../db/migration-state';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once startDraining() is called: /readyz then answers 503 so the load balancer moves on. */
    draining: boolean;
    /** The first step of a graceful shutdown (server.ts): fail /readyz, keep serving. */
    startDraining(): void;
  }
}

/** Longer than a healthy database ever takes for `select 1`; short enough for a probe's own timeout. */
export const READY_CHECK_TIMEOUT_MS = 1000;

type CheckResult = 'ok' | 'failed' | 'off';

/** The check's answer, or 'failed' when it throws or outlasts the timeout. */
async function withinTimeout(check: () => Promise<CheckResult>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('failed'), READY_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch(() => 'failed' as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const problems: Record<string, string> = {
  database: 'The database does not answer',
  migrations: 'The database is missing migrations this server needs: run npm run migrate',
  redis: 'Redis does not answer: sign-in limits are counted in this process until it is back',
};

// probes are polled every few seconds by machines: never cached, never in the API docs
const probe = { schema: { hide: true }, config: { rateLimit: false } } as const;
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * GET /healthz (the process is alive: no database call, so a blinking database does not get
 * every process restarted) and GET /readyz (whether this process should be sent traffic: the
 * database answers, its migrations are current, not draining; whether the configured Redis
 * answers is reported, and a silent Redis only makes it 'degraded').
 * Outside /api, so the store resolution and the rate limits never touch them.
 */
export function registerHealth(app: FastifyInstance, db: Db): void {
  const newest = newestShippedMigration();
  // once current, always current: a running process never loses migrations, so stop asking
  let migrated = false;
  app.decorate('draining', false);
  app.decorate('startDraining', () => {
    app.draining = true;
  });

  app.get('/healthz', probe, async (_request, reply) => {
    noStore(reply);
    return { status: 'ok' };
  });

  app.get('/readyz', probe, async (_request, reply) => {
    noStore(reply);
    if (app.draining) {
      return reply
        .code(503)
        .send({ status: 'draining', error: 'This server is shutting down', code: 'shutting_down' });
    }
    const [database, migrations, redis] = await Promise.all([
      withinTimeout(async () => (await db.execute(sql`select 1`), 'ok')),
      withinTimeout(async () => {
        if (!migrated) migrated = await migrationsCurrent(db, newest);
        return migrated ? 'ok' : 'failed';
      }),
      // a worker process (worker-app.ts) counts no sign-ins, so it has no Redis to ask
      withinTimeout(async () =>
        app.hasDecorator('rateCounter') ? app.rateCounter.redisAnswers() : 'off',
      ),
    ]);
    const checks = { database, migrations, redis };
    const failed =
      database === 'failed' ? 'database' : migrations === 'failed' ? 'migrations' : null;
    if (failed) {
      return reply
        .code(503)
        .send({ status: 'unavailable', error: problems[failed], code: 'unavailable', checks });
    }
    // Redis is shared by every process, and each counts its limits itself while Redis is away
    // (rate-limit.ts): failing readiness for it would take the whole store out of the balancer
    // at once (443 × 503 in bench/topology.mjs) to protect nothing. Reported, not fatal.
    if (redis === 'failed') return { status: 'degraded', warning: problems.redis, checks };
    return { status: 'ok', checks };
  });
}
