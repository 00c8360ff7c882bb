import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Db } from './client';

/**
 * The newest migration this build ships (drizzle's journal), as drizzle records it when applied:
 * its `when` is the `created_at` of its row in drizzle.__drizzle_migrations.
 */
export function newestShippedMigration(folder = migrationsFolder): number {
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * Whether the database has every migration this build ships. Drizzle applies a migration when the
 * newest applied one is older (db/client.ts openDatabase), so the newest row tells it all.
 */
export async function migrationsCurrent(db: Db, newest: number): Promise<boolean> {
  // both drivers (PGlite, node-postgres) answer { rows }; bigint comes back as a string or number
  const { rows } = (await db.execute(
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { newest: string | number | null }[] };
  return Number(rows[0]?.newest ?? 0) >= newest;
}
