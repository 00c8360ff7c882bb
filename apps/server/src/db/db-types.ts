import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// The handle's types apart from client.ts, which opens databases: the start-up lock (which
// client.ts calls) names them without importing its caller.

/** The Drizzle handle every service uses; the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle works wherever a Db does. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
