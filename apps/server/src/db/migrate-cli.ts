// `npm run migrate`: applies the pending migrations to DATABASE_URL (else the embedded database in
// DATA_DIR) and exits; a deploy runs it once before starting the new processes (docs/operations.md).
import { env } from '../env';
import { openDatabase } from './client';
import { DataDirLockedError } from './lock';
import { newestShippedMigration } from './migration-state';

// opening applies the migrations, under the start-up lock on PostgreSQL (db/startup-lock.ts)
const database = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 1 } : { dataDir: env.DATA_DIR },
).catch((err: unknown) => {
  if (err instanceof DataDirLockedError) {
    console.error(
      `${err.message}\nThe running server applied its migrations when it started; to apply a new build's, stop it, run npm run migrate, then start the new build.`,
    );
    process.exit(1);
  }
  console.error(`Migrations failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
await database.close();
const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : env.DATA_DIR;
console.log(
  `Migrations are current on ${where}: newest ${new Date(newestShippedMigration()).toISOString()}.`,
);
