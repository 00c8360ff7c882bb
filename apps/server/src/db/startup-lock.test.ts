/**
 * Issue 24: processes started together on a new PostgreSQL database all come up, and migrate and
 * seed it once (before, 4 at once left 2 or 3 dead on `duplicate key … pg_type_typname_nsp_index`).
 * The PostgreSQL parts need TEST_DATABASE_URL; the production seed rule runs on PGlite too.
 */
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { env } from '../env';
import { createScratchPostgres } from '../test/test-app';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { openDatabase, type Database } from './client';
import { products, stores } from './schema';
import { seedProducts } from './seed-data/catalogue';
import { seedOnStart } from './seed-on-start';
import { STARTUP_LOCK_KEY } from './startup-lock';

const scratches: { drop(): Promise<void> }[] = [];
async function freshDatabase(): Promise<string> {
  const scratch = await createScratchPostgres(env.TEST_DATABASE_URL!);
  scratches.push(scratch);
  return scratch.url;
}
afterAll(async () => {
  for (const s of scratches) await s.drop();
});

async function catalogueRows(db: Database['db']) {
  const [s] = await db.select({ n: count() }).from(stores);
  const [p] = await db.select({ n: count() }).from(products);
  return { stores: s!.n, products: p!.n };
}

if (!env.TEST_DATABASE_URL)
  console.warn(
    'startup-lock.test.ts: the PostgreSQL cases are skipped, TEST_DATABASE_URL is unset',
  );

describe.runIf(Boolean(env.TEST_DATABASE_URL))('starting together on an empty PostgreSQL', () => {
  it('8 processes opening and seeding at once all succeed and seed once', async () => {
    const url = await freshDatabase();
    const dev = { NODE_ENV: 'development', SEED_DEMO: false };
    // separate pools, as separate processes would have
    const started = await Promise.allSettled(
      Array.from({ length: 8 }, async () => {
        const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
        try {
          return await seedOnStart(database, dev);
        } finally {
          await database.close();
        }
      }),
    );
    const failures = started.filter((r) => r.status === 'rejected');
    expect(failures).toEqual([]);
    const seeded = started.filter((r) => r.status === 'fulfilled' && r.value === true);
    expect(seeded).toHaveLength(1);

    const check = await openDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      expect(await catalogueRows(check.db)).toEqual({ stores: 1, products: seedProducts.length });
    } finally {
      await check.close();
    }
  }, 120_000);

  it('a holder that dies mid start-up releases the lock; the next process goes on', async () => {
    const url = await freshDatabase();
    const holder = new pg.Client({ connectionString: url });
    holder.on('error', () => {});
    await holder.connect();
    await holder.query('select pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
    const { rows } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid');

    let opened = false;
    const opening = openDatabase({ databaseUrl: url, poolSize: 1 }).then((d) => {
      opened = true;
      return d;
    });
    // it waits for the lock rather than migrating alongside the holder
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      let waiting = 0;
      for (let i = 0; i < 100 && waiting === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const w = await admin.query<{ n: number }>(
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
        );
        waiting = w.rows[0]!.n;
      }
      expect(waiting).toBe(1);
      expect(opened).toBe(false);

      // the holder's process dies: PostgreSQL ends its session and with it the lock
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      const database = await opening;
      try {
        // drizzle's own record of what it applied
        const { rows: applied } = (await database.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: { n: number }[] };
        expect(applied[0]!.n).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
    } finally {
      await admin.end();
      await holder.end().catch(() => {});
    }
  }, 60_000);

  it('4 real server processes started at once on an empty database all serve', async () => {
    const url = await freshDatabase();
    const servers: ServerProcess[] = Array.from({ length: 4 }, () =>
      startServerProcess({
        PORT: '0',
        DATABASE_URL: url,
        LOG_LEVEL: 'info',
        JWT_SECRET: 'x'.repeat(32),
        SHUTDOWN_DRAIN_MS: '0',
        WEB_DIST_DIR: '/nonexistent',
        ADMIN_DIST_DIR: '/nonexistent',
      }),
    );
    try {
      const urls = await Promise.all(servers.map((s) => s.listening));
      for (const base of urls) {
        const res = await fetch(`${base}/api/v1/products?limit=1`);
        expect(res.status).toBe(200);
      }
      const seededLogs = servers.filter((s) =>
        s.output().includes('seeded the demo catalogue into an empty database'),
      );
      expect(seededLogs).toHaveLength(1);
    } finally {
      for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
    }
  }, 120_000);
});

describe('the demo seed at start-up', () => {
  it('in production seeds an empty database only when SEED_DEMO=true', async () => {
    const [live, staging] = await Promise.all([openDatabase({}), openDatabase({})]);
    try {
      // a live shop opens with its own row (the settings the owner edits) and no demo products
      expect(await seedOnStart(live, { NODE_ENV: 'production', SEED_DEMO: false })).toBe(false);
      expect(await catalogueRows(live.db)).toEqual({ stores: 1, products: 0 });
      expect(await seedOnStart(staging, { NODE_ENV: 'production', SEED_DEMO: true })).toBe(true);
      expect(await catalogueRows(staging.db)).toEqual({
        stores: 1,
        products: seedProducts.length,
      });
    } finally {
      await Promise.all([live.close(), staging.close()]);
    }
  }, 60_000);
});
