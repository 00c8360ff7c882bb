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
  redis: 'Redis does not answer',
};

// probes are polled every few seconds by machines: never cached, never in the API docs
const probe = { schema: { hide: true }, config: { rateLimit: false } } as const;
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * GET /healthz (the process is alive: no database call, so a blinking database does not get
 * every process restarted) and GET /readyz (whether this process should be sent traffic: the
 * database answers, its migrations are current, Redis answers when configured, not draining).
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
      return reply.code(503).send({ status: 'draining', error: 'This server is shutting down' });
    }
    const [database, migrations, redis] = await Promise.all([
      withinTimeout(async () => (await db.execute(sql`select 1`), 'ok')),
      withinTimeout(async () => {
        if (!migrated) migrated = await migrationsCurrent(db, newest);
        return migrated ? 'ok' : 'failed';
      }),
      withinTimeout(() => app.rateCounter.redisAnswers()),
    ]);
    const checks = { database, migrations, redis };
    const failed = Object.entries(checks).find(([, result]) => result === 'failed')?.[0];
    if (failed) {
      return reply.code(503).send({ status: 'unavailable', error: problems[failed], checks });
    }
    return { status: 'ok', checks };
  });
}
