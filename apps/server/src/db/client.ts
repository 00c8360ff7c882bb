import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverRoot } from '../env';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

/** The Drizzle handle every service uses; the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle works wherever a Db does. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The PGlite instance (embedded only), e.g. for dumpDataDir in tests. */
  pglite?: PGlite;
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
    }
  /** dataDir undefined: in memory (tests), optionally starting from a dumpDataDir() snapshot */
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

/** Opens PostgreSQL (databaseUrl) or PGlite (dataDir, or memory) and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
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
    try {
      await migratePg(db as never, { migrationsFolder });
    } catch (err) {
      await pool.end();
      throw err;
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  let release = () => {};
  let client: PGlite;
  if (options.dataDir) {
    release = acquireDataDirLock(options.dataDir);
    const pgdata = join(options.dataDir, 'pglite');
    mkdirSync(pgdata, { recursive: true });
    client = new PGlite(pgdata, { extensions });
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
