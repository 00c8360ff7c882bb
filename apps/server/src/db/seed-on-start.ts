import type { Database } from './client';
import { ensureStoreRow, seedIfEmpty } from './seed';

export interface SeedOnStartSettings {
  /** 'production': a live store, whose catalogue is its own (env.ts) */
  NODE_ENV?: string | undefined;
  /** a production store that wants the demo catalogue anyway (a staging copy, a trade show) */
  SEED_DEMO: boolean;
}

/** Whether this start may write the demo catalogue into an empty database. */
export function seedsDemoOnStart(settings: SeedOnStartSettings): boolean {
  return settings.NODE_ENV !== 'production' || settings.SEED_DEMO;
}

/**
 * The server's start-up seed: the demo catalogue into an empty database, unless this is production
 * and SEED_DEMO is not set; then only the store's row, so a new shop opens empty, not broken. Runs under the start-up lock (db/startup-lock.ts), so the emptiness
 * check and the seed happen in one process at a time: processes started together on a new
 * database seed it once. Returns true when it seeded.
 */
export function seedOnStart(database: Database, settings: SeedOnStartSettings): Promise<boolean> {
  if (!seedsDemoOnStart(settings))
    return database.exclusive(async (db) => (await ensureStoreRow(db), false));
  return database.exclusive((db) => seedIfEmpty(db));
}
