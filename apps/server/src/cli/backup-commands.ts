// `npm run store -- backup <file>` and `restore <file>` (docs/operations.md). Loaded only for these
// commands: the others never pay for PGlite's dump code or the file handling.
import { createWriteStream, existsSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { BackupError, dumpEmbeddedDatabase, restoreEmbeddedDatabase } from '../db/backup';
import { env } from '../env';
import { CommandError } from './command-error';
import type { Run } from './operation';

type BackupCommand = { file: string; force: boolean };

/** A file name as one shell word. */
const shellWord = (text: string) =>
  /^[\w./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;

/** Which PostgreSQL database DATABASE_URL names, without its password. */
function describeDatabase(url: string): string {
  try {
    const u = new URL(url);
    return `database "${decodeURIComponent(u.pathname.slice(1)) || 'postgres'}" on ${u.host}`;
  } catch {
    return 'the database in DATABASE_URL';
  }
}

/**
 * On PostgreSQL a backup is PostgreSQL's own job: pg_dump takes a consistent snapshot of a running
 * database and pg_restore puts it back. Doing half of that here would only look like a backup.
 */
export function postgresAdvice(kind: 'backup' | 'restore', file: string, databaseUrl: string) {
  const where = describeDatabase(databaseUrl);
  return kind === 'backup'
    ? [
        `This store runs on PostgreSQL (${where}): back it up with pg_dump, which copies a running database consistently:`,
        `  pg_dump --format=custom --file=${shellWord(file)} "$DATABASE_URL"`,
        'For point-in-time recovery, use your provider’s WAL archiving or managed PITR (docs/operations.md).',
      ].join('\n')
    : [
        `This store runs on PostgreSQL (${where}): restore with pg_restore, with the store's processes stopped:`,
        `  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${shellWord(file)}`,
        'Then run npm run migrate and start the store (docs/operations.md).',
      ].join('\n');
}

export async function backup({ file, force }: BackupCommand, run: Run): Promise<string> {
  if (env.DATABASE_URL) throw new CommandError(postgresAdvice('backup', file, env.DATABASE_URL));
  const target = resolve(file);
  if (existsSync(target) && !force)
    throw new CommandError(`${target} already exists: choose another file, or add --force.`);
  // written beside the target and renamed at the end, so a failed backup never leaves a file
  // that looks like a good one
  const partial = `${target}.partial`;
  try {
    const via = await run({
      direct: async (_db, _changed, database) => {
        await writeFile(
          partial,
          Buffer.from(await (await dumpEmbeddedDatabase(database.pglite!)).arrayBuffer()),
        );
        return 'the data folder';
      },
      // a large database takes a while to copy: longer than a command's usual 10 s
      remote: { path: '/backup', timeoutMs: 10 * 60_000 },
      receive: async (res) => {
        await pipeline(
          Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
          createWriteStream(partial),
        );
        return 'the running server';
      },
    });
    renameSync(partial, target);
    const mb = (statSync(target).size / 1_048_576).toFixed(1);
    return `Backed up ${env.DATA_DIR} (through ${via}) to ${target} (${mb} MB).`;
  } finally {
    rmSync(partial, { force: true });
  }
}

export async function restore({ file, force }: BackupCommand): Promise<string> {
  if (env.DATABASE_URL) throw new CommandError(postgresAdvice('restore', file, env.DATABASE_URL));
  let bytes: Buffer;
  try {
    bytes = readFileSync(resolve(file));
  } catch (err) {
    throw new CommandError(`Cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    const restored = await restoreEmbeddedDatabase(env.DATA_DIR, bytes, { force });
    return [
      `Restored ${file} into ${env.DATA_DIR}: ${restored.orders} orders.`,
      ...(restored.setAside
        ? [`The database that was there is kept in ${restored.setAside}.`]
        : []),
    ].join('\n');
  } catch (err) {
    if (err instanceof BackupError) throw new CommandError(err.message);
    throw err;
  }
}
