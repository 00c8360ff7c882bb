import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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

export const migrationsFolder = resolve(serverRoot, 'drizzle');

export type OpenDatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  /** dataDir undefined: in memory (tests), optionally starting from a dumpDataDir() snapshot */
  | { dataDir?: string; loadDataDir?: Blob };

/** Opens PostgreSQL (databaseUrl) or PGlite (dataDir, or memory) and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
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
    client = new PGlite(pgdata);
  } else {
    client = new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  try {
    await client.waitReady;
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
