import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { count } from 'drizzle-orm';
import { openDatabase } from './client';
import { DataDirLockedError, readServerAddress } from './lock';
import { orders } from './schema';

/** What an operator is told when a backup or restore cannot go on; printed without a stack trace. */
export class BackupError extends Error {}

/**
 * A backup of the embedded database: PGlite's data folder as a gzipped tar (dumpDataDir).
 *
 * Consistent while the store runs: it is taken inside a transaction of PGlite's own, so it waits
 * for the transactions in flight (an order being placed) and none starts until it is done, and
 * PGlite runs nothing else while it copies the files. The CHECKPOINT first writes every change
 * into the data files, so a restore starts without replaying the log.
 */
export function dumpEmbeddedDatabase(pglite: PGlite): Promise<Blob> {
  return pglite.transaction(async (tx) => {
    await tx.exec('checkpoint');
    return pglite.dumpDataDir('gzip');
  });
}

const notABackup =
  'This file is not a store backup (expected a gzipped PGlite data folder from npm run store -- backup).';

/**
 * Checks a backup before PGlite sees it: PGlite unpacks the archive in a stream whose errors
 * escape as an uncaught exception (a crash with a zlib stack), so a truncated or foreign file is
 * refused here, with a message. A backup is a gzipped tar of a PostgreSQL data folder.
 */
export function checkBackup(bytes: Uint8Array): void {
  if (bytes.length < 3 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new BackupError(notABackup);
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch (err) {
    throw new BackupError(
      `The backup is damaged (${(err as Error).message}): it was cut short or changed after it was made.`,
    );
  }
  const ustar = tar.subarray(257, 262).toString('latin1') === 'ustar';
  if (!ustar || !tar.includes('PG_VERSION')) throw new BackupError(notABackup);
}

export interface RestoreResult {
  orders: number;
  /** where the database that was there before went (restore --force), else undefined */
  setAside?: string;
}

/**
 * Writes a backup into `dataDir`, which no server may hold. A folder that already holds a
 * database is refused unless `force`, and then its database is moved aside, not deleted.
 * The restored database is opened (and brought up to this build's migrations) before it counts
 * as restored; if it does not open, the folder is left as it was.
 */
export async function restoreEmbeddedDatabase(
  dataDir: string,
  backup: Uint8Array,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreResult> {
  checkBackup(backup);
  const server = readServerAddress(dataDir);
  if (server)
    throw new BackupError(
      `The data folder ${dataDir} is in use by a running store server (PID ${server.pid}). ` +
        'Restore into a new folder (DATA_DIR=<new folder>), or stop the server first.',
    );
  const pgdata = join(dataDir, 'pglite');
  const occupied = existsSync(pgdata) && readdirSync(pgdata).length > 0;
  if (occupied && !force)
    throw new BackupError(
      `The data folder ${dataDir} already holds a database. Restore into a new folder ` +
        '(DATA_DIR=<new folder>), or add --force to replace it (the current one is kept beside it).',
    );
  let setAside: string | undefined;
  if (occupied) {
    setAside = `${pgdata}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(pgdata, setAside);
  }
  let database;
  try {
    database = await openDatabase({ dataDir, loadDataDir: new Blob([new Uint8Array(backup)]) });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      if (setAside) renameSync(setAside, pgdata);
      throw new BackupError(err.message);
    }
    // a truncated or foreign archive: leave the folder as it was
    rmSync(pgdata, { recursive: true, force: true });
    if (setAside) renameSync(setAside, pgdata);
    throw new BackupError(
      `The backup could not be restored: it is damaged or not a store backup (${
        err instanceof Error ? err.message : String(err)
      }). ${dataDir} is unchanged.`,
    );
  }
  try {
    const [row] = await database.db.select({ n: count() }).from(orders);
    return { orders: row?.n ?? 0, ...(setAside ? { setAside } : {}) };
  } finally {
    await database.close();
  }
}
