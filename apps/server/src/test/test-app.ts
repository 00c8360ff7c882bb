/**
 * Test helper: a real app on a fresh, migrated and seeded database.
 *
 *   const t = await createTestApp();            // in a beforeAll
 *   const { token } = await registerAndLogin(t.app);
 *   await t.app.inject({ method: 'GET', url: '/api/v1/orders', headers: authHeader(token) });
 *   await t.close();                            // in an afterAll
 *
 * In-memory PGlite by default (started from a cached snapshot after the first run). With TEST_DATABASE_URL (postgres://.../somedb) each call creates its
 * own database next to it (`<somedb>_t_<random>`), dropped again by close(), so test files can run
 * in parallel.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { MAX_HELD_UNITS_LIMIT, MAX_OPEN_ORDERS_LIMIT } from '@store/contracts/fair-stock';
import { buildApp, type AppConfig } from '../app';
import { migrationsFolder, openDatabase, type Database, type Db } from '../db/client';
import { stores } from '../db/schema';
import { seedCatalogue } from '../db/seed';
import { env, serverRoot } from '../env';
import {
  defaultPaymentsEnv,
  derivedSandboxSecret,
  paymentConfigFromEnv,
} from '../modules/payments/payment-config';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** the scratch PostgreSQL database (TEST_DATABASE_URL); undefined on PGlite */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** `<base>_t_<suffix>`: every database the tests make is named so (CI drops `<base>_t_%`). */
function scratchName(baseUrl: string, suffix: string): string {
  const base = new URL(baseUrl).pathname.replace(/^\//, '') || 'postgres';
  return `${base}_t_${suffix}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
}

async function withAdmin<T>(baseUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A database of its own next to `baseUrl`: empty, or a copy of `template` (CREATE DATABASE …
 * TEMPLATE copies files: far cheaper than migrating and seeding again).
 */
export async function createScratchPostgres(
  baseUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = scratchName(baseUrl, randomBytes(5).toString('hex'));
  await withAdmin(baseUrl, (admin) =>
    admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`),
  );
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await withAdmin(baseUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    },
  };
}

/**
 * The migrated, seeded database every test app on PostgreSQL is copied from: made once per version
 * of the migrations and the seed (the PGlite snapshot's key), by whichever test file asks first
 * while the others wait on an advisory lock; built under another name and renamed when complete,
 * so a copy never sees half of it. Nothing connects to it afterwards (a copy needs that). The
 * server project's global teardown drops it (test/global-setup.ts).
 */
async function seededTemplate(baseUrl: string): Promise<string> {
  const name = scratchName(baseUrl, `tpl_${sourcesKey()}`);
  return withAdmin(baseUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_b`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"`);
      const url = new URL(baseUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      try {
        await seedCatalogue(database.db);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}

/** Drops the templates test apps were copied from (the server project's global teardown). */
export async function dropSeededTemplates(baseUrl: string): Promise<void> {
  await withAdmin(baseUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [scratchName(baseUrl, 'tpl_')],
    );
    for (const { datname } of rows)
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

/**
 * PGlite's initdb costs seconds; the first test app snapshots a migrated, seeded database into the
 * temp folder (keyed by the migrations and seed sources) and later ones start from that snapshot.
 */
function snapshotFile(): string {
  return join(tmpdir(), `store-test-db-${sourcesKey()}.tar`);
}

/** What a seeded test database depends on: the migrations and the seed's sources, hashed. */
function sourcesKey(): string {
  const h = createHash('sha1');
  const sources = [
    ...readdirSync(migrationsFolder, { recursive: true }).map((f) =>
      join(migrationsFolder, String(f)),
    ),
    ...['seed.ts', 'seed-data/catalogue.ts', 'seed-data/store.ts'].map((f) =>
      join(serverRoot, 'src/db', f),
    ),
  ].sort();
  for (const f of sources) if (statSync(f).isFile()) h.update(f).update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

async function openSeededPglite(): Promise<Database> {
  const file = snapshotFile();
  if (existsSync(file)) {
    try {
      return await openDatabase({ loadDataDir: new Blob([readFileSync(file)]) });
    } catch {
      // a corrupt snapshot: rebuild it below
    }
  }
  const database = await openDatabase({});
  await seedCatalogue(database.db);
  const blob = await database.pglite!.dumpDataDir('none');
  const partial = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  renameSync(partial, file);
  return database;
}

/** The app as the tests build it on an open database: the documented defaults, no web build. */
export async function buildTestApp(
  db: Db,
  options: Partial<AppConfig> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    db,
    jwtSecret: testJwtSecret,
    // the documented defaults, not the PAYMENT_METHODS or PAYU_* of whoever runs the tests
    payments: paymentConfigFromEnv(defaultPaymentsEnv, derivedSandboxSecret(testJwtSecret)),
    // counted in process: a REDIS_URL in the environment is a live store's, not the tests'
    rateLimits: {},
    webDistDir: null,
    // this process also runs the embedded database and the tests: its loop is busy by design
    shedPageRendersWhenBusy: false,
    ...options,
  });
  await app.ready();
  return app;
}

/**
 * A built app on its own database. `options` override the test config (e.g. webDistDir); by
 * default the documented payment methods with the sandbox, no web app and no trusted proxy.
 */
export async function createTestApp(
  options: Partial<Omit<AppConfig, 'db'>> = {},
  /**
   * sameDatabaseAs: a second app on another app's database, as a second server process would be:
   * on PostgreSQL through its own connection pool; on PGlite (one process only) the same handle.
   * Its close() leaves the database to the first app.
   */
  shared: { sameDatabaseAs?: TestApp } = {},
): Promise<TestApp> {
  const first = shared.sameDatabaseAs;
  const scratch =
    !first && env.TEST_DATABASE_URL
      ? await createScratchPostgres(
          env.TEST_DATABASE_URL,
          await seededTemplate(env.TEST_DATABASE_URL),
        )
      : null;
  let database: Database;
  let ownsDatabase = true;
  if (first?.databaseUrl) {
    database = await openDatabase({ databaseUrl: first.databaseUrl, poolSize: 4 });
  } else if (first) {
    database = first.database;
    ownsDatabase = false;
  } else if (scratch) {
    database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  } else {
    database = await openSeededPglite();
  }
  if (!first) await liftFairStockCaps(database.db);
  const app = await buildTestApp(database.db, options);
  return {
    app,
    db: database.db,
    database,
    databaseUrl: first?.databaseUrl ?? scratch?.url,
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
      await scratch?.drop();
    },
  };
}

/**
 * Most tests place many orders for one shopper to test something else (payments, dispatch,
 * e-mail): the store's per-shopper caps (fair stock) are lifted to their largest settings, and
 * the fair-stock tests set the caps they test (test/fair-stock.ts).
 */
async function liftFairStockCaps(db: Database['db']) {
  await db
    .update(stores)
    .set({ maxOpenOrders: MAX_OPEN_ORDERS_LIMIT, maxHeldUnits: MAX_HELD_UNITS_LIMIT });
}

/** The key test apps sign tokens with (handy for forging expired or foreign tokens). */
export const testJwtSecret = new TextEncoder().encode('test-secret-test-secret-test-secret!');

export const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  token: string;
}

let counter = 0;

/** Registers a new shopper (unique email unless given) and logs in. */
export async function registerAndLogin(
  app: FastifyInstance,
  overrides: Partial<Omit<TestUser, 'id' | 'token'>> = {},
): Promise<TestUser> {
  const user = {
    email: overrides.email ?? `shopper${++counter}.${randomBytes(3).toString('hex')}@example.in`,
    password: overrides.password ?? 'correct-horse-9',
    firstName: overrides.firstName ?? 'Asha',
    lastName: overrides.lastName ?? 'Verma',
  };
  const reg = await app.inject({ method: 'POST', url: '/api/v1/users/register', payload: user });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/users/authorize',
    payload: { email: user.email, password: user.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { ...user, id: reg.json().data.id as string, token: login.json().token as string };
}

/** A valid shipping address for POST /orders. */
export const testShippingAddress = {
  fullName: 'Asha Verma',
  address: '12 MG Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  phone: '+91 98765 43210',
};

/**
 * The first `count` listed products a shopper can order without choosing a size or colour and
 * that are in stock (the demo catalogue has sold-out and low ones).
 */
export async function plainProducts(
  app: FastifyInstance,
  count: number,
): Promise<{ id: string; title: string; regularPrice: number; discountedPrice: number | null }[]> {
  const list = await app.inject({ method: 'GET', url: '/api/v1/products?limit=100' });
  const data = list.json().data as {
    id: string;
    title: string;
    regularPrice: number;
    discountedPrice: number | null;
    variants: unknown[];
    availability: { status: string };
  }[];
  const plain = data.filter((p) => p.variants.length === 0 && p.availability.status === 'in_stock');
  if (plain.length < count) throw new Error(`only ${plain.length} plain products in stock`);
  return plain.slice(0, count);
}

/** Places an order for `count` plain products (quantity 1 each) and returns its JSON. */
export async function placeTestOrder(app: FastifyInstance, token: string, count = 2) {
  const products = Object.fromEntries((await plainProducts(app, count)).map((p) => [p.id, 1]));
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: authHeader(token),
    payload: { products, shippingAddress: testShippingAddress },
  });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; total: number; status: number };
}
