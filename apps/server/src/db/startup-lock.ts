import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './db-types';
import * as schema from './schema';

/**
 * The advisory lock key every process of this store takes for its start-up work (migrations, the
 * demo seed). Any fixed number works; it only has to be the same in every process and unused by
 * anything else on the database.
 */
export const STARTUP_LOCK_KEY = '7240024001';

/**
 * Runs `work` while this process holds the store's start-up lock on PostgreSQL, so processes
 * started together migrate and seed one after another instead of all at once (which failed with
 * `duplicate key … pg_type_typname_nsp_index`).
 *
 * Why a session lock on one dedicated connection, and `work` runs on that same connection: the
 * lock lives exactly as long as the session. If the holder dies (kill -9, a lost host) PostgreSQL
 * ends its session, which rolls back its half-done migration or seed and releases the lock, and
 * the next waiter starts from a clean state. And if that one connection drops, the work on it
 * fails with it, so no process can go on migrating after losing the lock.
 */
export async function withStartupLock<T>(
  connectionString: string,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  // a server-side disconnect fails the query in flight, which is what we report; without a
  // listener node-postgres would also throw the event and kill the process
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
    const result = await work(drizzlePg(client, { schema }) as unknown as Db);
    await client.query('select pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]);
    return result;
  } finally {
    // ending the session releases the lock too, whatever happened above
    await client.end().catch(() => {});
  }
}
