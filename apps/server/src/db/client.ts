import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverRoot } from '../env';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';
import { withStartupLock } from './startup-lock';

import type { Db } from './db-types';

export type { Db, DbOrTx } from './db-types';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Runs start-up work (migrations, the demo seed) that must not run in two processes at once:
   * on PostgreSQL under an advisory lock, on its own connection (db/startup-lock.ts); on PGlite,
   * which one process holds at a time (db/lock.ts), directly.
   */
  exclusive<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** The PGlite instance (embedded only), e.g. for dumpDataDir in tests. */
  pglite?: PGlite;
  /** PostgreSQL only: the pool's connections now (for /metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/** PGlite loads contrib extensions when it starts; search needs pg_trgm (drizzle/0006). */
const extensions = { pg_trgm };

export const migrationsFolder = resolve(serverRoot, 'drizzle');

export type OpenDatabaseOptions =
  | {
      databaseUrl: string;
      poolSize?: number;
      /**
       * told when a pooled connection breaks, idle or checked out (server restart, failover,
       * admin kill); default: ignored
       */
      onConnectionError?: (err: Error) => void;
      /** told how long each query or transaction waited for a connection (for /metrics) */
      onConnectWait?: (seconds: number) => void;
    }
  /**
   * dataDir undefined: in memory (tests). loadDataDir: start from a dumpDataDir() snapshot (a
   * restore); a data folder must not hold a database yet.
   */
  | { dataDir?: string; loadDataDir?: Blob };

/**
 * A FIFO gate that lets one waiter through per turn of the event loop.
 *
 * Why: PGlite runs each statement synchronously on the main thread and hands its lock to the next
 * waiter through a resolved promise, so under load every queued statement runs back to back in
 * one microtask chain and one turn of the event loop lasts as long as the whole queue (100+ ms at
 * 200 connections). Node accepts one new connection per turn, so a shopper opening a connection
 * then waited until the load stopped (p99 ≈ 9 s, measured with bench/load.mjs, while requests
 * already read were answered in 0.3 s). Starting one statement or transaction per turn keeps each
 * turn short, so sockets are accepted and read between them, in arrival order. A released
 * statement runs in the microtasks right after its turn; a setImmediate queued from inside the
 * check phase runs in the next turn, after the poll phase.
 */
function oneStatementPerTurn(): () => Promise<void> {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const pump = () => {
    scheduled = false;
    waiting.shift()?.();
    if (waiting.length > 0) {
      scheduled = true;
      setImmediate(pump);
    }
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!scheduled) {
        scheduled = true;
        setImmediate(pump);
      }
    });
}

/** Puts PGlite's query, exec and transaction behind the gate; a transaction's own statements are not. */
function yieldBetweenStatements(client: PGlite): void {
  const turn = oneStatementPerTurn();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await turn();
    return query(...args);
  }) as typeof client.query;
  client.exec = async (...args: Parameters<typeof exec>) => {
    await turn();
    return exec(...args);
  };
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await turn();
    return transaction(...args);
  }) as typeof client.transaction;
}

/**
 * A pool that times each checkout. pool.query() checks out through this.connect(callback) too,
 * so overriding connect (public API) sees every query, not only explicit transactions.
 */
class TimedPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly waited: (seconds: number) => void,
  ) {
    super(config);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: () => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    const started = performance.now();
    const tell = () => this.waited((performance.now() - started) / 1000);
    if (!callback) {
      return super.connect().finally(tell);
    }
    super.connect((err, client, done) => {
      tell();
      callback(err, client, done);
    });
  }
}

/** Opens PostgreSQL (databaseUrl) or PGlite (dataDir, or memory) and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const config = { connectionString: options.databaseUrl, max: options.poolSize ?? 10 };
    const pool = options.onConnectWait
      ? new TimedPool(config, options.onConnectWait)
      : new pg.Pool(config);
    // A connection the server ends (a restart, a failover, pg_terminate_backend) emits 'error' on
    // its client; with no listener node-postgres throws it and the process dies. The pool listens
    // only while a client is idle, so one checked out for a transaction had none: every client
    // gets its own listener as it is made. The queries on it fail (the request answers 503), the
    // pool drops it on release and the next query opens a fresh one, so here it is only news.
    const told = options.onConnectionError ?? (() => {});
    pool.on('connect', (client) => client.on('error', told));
    // the pool repeats an idle client's error; its own listener has told already
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const exclusive = <T>(work: (db: Db) => Promise<T>) =>
      withStartupLock(options.databaseUrl, work);
    try {
      await exclusive((locked) => migratePg(locked as never, { migrationsFolder }));
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db,
      kind: 'postgres',
      exclusive,
      close: () => pool.end(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }

  let release = () => {};
  let client: PGlite;
  if (options.dataDir) {
    release = acquireDataDirLock(options.dataDir);
    const pgdata = join(options.dataDir, 'pglite');
    mkdirSync(pgdata, { recursive: true });
    client = new PGlite(pgdata, {
      extensions,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } else {
    client = new PGlite({
      extensions,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  }
  try {
    await client.waitReady;
    yieldBetweenStatements(client);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      pglite: client,
      exclusive: (work) => work(db),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    await client.close().catch(() => {});
    release();
    throw err;
  }
}
