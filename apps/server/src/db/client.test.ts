import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { env } from '../env';
import { createTestApp, type TestApp } from '../test/test-app';
import { openDatabase } from './client';

describe.runIf(Boolean(env.TEST_DATABASE_URL))('PostgreSQL pool', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('survives the server ending its idle connections, and the next query reconnects', async () => {
    t = await createTestApp();
    const url = t.databaseUrl!;
    const told: Error[] = [];
    const database = await openDatabase({
      databaseUrl: url,
      poolSize: 2,
      onConnectionError: (err) => told.push(err),
    });
    try {
      await database.db.execute(sql`select 1`);
      // as a restart or an administrator would: end every other session on this database
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await admin.end();
      for (let i = 0; i < 50 && told.length === 0; i++) await new Promise((r) => setTimeout(r, 20));

      expect(told[0]?.message).toMatch(/terminating connection/);
      const result = (await database.db.execute(sql`select 2 as n`)) as { rows: unknown[] };
      expect(result.rows[0]).toEqual({ n: 2 });
    } finally {
      await database.close();
    }
  });

  it('a connection ended while checked out is reported, not thrown, and the pool goes on', async () => {
    const url = t.databaseUrl!;
    const told: Error[] = [];
    const database = await openDatabase({
      databaseUrl: url,
      poolSize: 2,
      onConnectionError: (err) => told.push(err),
    });
    try {
      // as a transaction holds it: checked out, between statements
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      for (let i = 0; i < 50 && told.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      client.release();

      // with no listener on the client, node-postgres throws here and the process ends
      expect(told[0]?.message).toMatch(/terminating connection/);
      const result = (await database.db.execute(sql`select 3 as n`)) as { rows: unknown[] };
      expect(result.rows[0]).toEqual({ n: 3 });
    } finally {
      await database.close();
    }
  });

  it("reports the pool's connections and how long queries waited for one (for /metrics)", async () => {
    const waits: number[] = [];
    const database = await openDatabase({
      databaseUrl: t.databaseUrl!,
      poolSize: 1,
      onConnectWait: (seconds) => waits.push(seconds),
    });
    try {
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      waits.length = 0; // the migrations' queries
      // the one connection held for 200 ms: a query made meanwhile waits for it
      const held = await pool.connect();
      const waiting = pool.query('select 1');
      await new Promise((r) => setTimeout(r, 50));
      expect(database.poolStats!()).toEqual({ total: 1, idle: 0, waiting: 1 });
      await new Promise((r) => setTimeout(r, 150));
      held.release();
      await waiting;
      expect(waits).toHaveLength(2);
      expect(waits[1]).toBeGreaterThanOrEqual(0.19);
      expect(database.poolStats!()).toEqual({ total: 1, idle: 1, waiting: 0 });
    } finally {
      await database.close();
    }
  });
});
