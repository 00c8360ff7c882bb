/**
 * The catalogue change bus across real processes (issue 11: "Test it with two processes on
 * PostgreSQL"). Needs TEST_DATABASE_URL, as CI's PostgreSQL run of the server suite gives it
 * (.ci/run: `TEST_DATABASE_URL=... npx vitest run --project server`); the embedded database allows
 * one process, so there is nothing to test across processes without it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { seedCatalogue } from '../db/seed';
import { env, serverRoot } from '../env';
import { commandLineActor } from '../modules/activity/activity.service';
import { addStaff } from '../modules/staff/staff.service';
import { DEFAULT_STORE_ID } from '../db/seed-data/store';
import { postgresCatalogueBus, type CatalogueBus } from './catalogue-bus';
import { freePort } from '../test/free-port';

const baseUrl = env.TEST_DATABASE_URL;
const skipReason =
  'TEST_DATABASE_URL is unset: the cross-process cache test needs PostgreSQL (LISTEN/NOTIFY)';
if (!baseUrl) console.warn(`catalogue-bus.test.ts skipped: ${skipReason}`);

/** A database of its own next to TEST_DATABASE_URL's, dropped afterwards. */
async function scratchDatabase(base: string) {
  const url = new URL(base);
  const name =
    `${url.pathname.replace(/^\//, '') || 'postgres'}_bus_${randomBytes(4).toString('hex')}`
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 20 ms; answers how long it took, or throws after `withinMs` × 5. */
async function timeUntil(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < withinMs * 5) {
    if (await check()) return performance.now() - start;
    await sleep(20);
  }
  throw new Error(`not seen within ${withinMs * 5} ms`);
}

describe.skipIf(!baseUrl)('catalogue changes across two server processes on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let database: Database;
  const children: ChildProcess[] = [];
  const output: string[] = [];
  let dataDir: string;
  let a = '';
  let b = '';
  const ownerEmail = 'owner@example.com';
  const ownerPassword = 'correct horse battery';

  async function startServer(): Promise<string> {
    const port = await freePort();
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: scratch.url,
      JWT_SECRET: 'shared-secret-of-both-processes-0123456789',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // no load balancer to drain for: the test's SIGTERM stops it at once
      SHUTDOWN_DRAIN_MS: '0',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      ADMIN_DIST_DIR: join(dataDir, 'no-admin'),
    };
    // the documented payment defaults and in-process limits, not whatever the runner has set
    for (const k of [
      'PAYMENT_METHODS',
      'PAYU_KEY',
      'PAYU_SALT',
      'REDIS_URL',
      'NODE_ENV',
      'S3_BUCKET',
    ])
      delete childEnv[k];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverRoot,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 50_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
      const ok = await fetch(`${url}/api/v1/storeInfo`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return url;
      await sleep(200);
    }
    throw new Error(`server did not start: ${output.join('')}`);
  }

  beforeAll(async () => {
    scratch = await scratchDatabase(baseUrl!);
    dataDir = mkdtempSync(join(tmpdir(), 'store-bus-'));
    database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    await seedCatalogue(database.db);
    await addStaff(database.db, commandLineActor(DEFAULT_STORE_ID), {
      email: ownerEmail,
      password: ownerPassword,
      role: 'owner',
    });
    [a, b] = await Promise.all([startServer(), startServer()]);
  }, 120_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            const force = setTimeout(() => c.kill('SIGKILL'), 10_000);
            c.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
          }),
      ),
    );
    await database?.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('B shows a store name and a price changed through A within a second', async () => {
    const json = async (url: string, init?: RequestInit) => {
      const res = await fetch(url, init);
      if (!res.ok)
        throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    // the product list (cached) and a product's page (read fresh) as B's storefront shows them
    type Listed = { id: string; regularPrice: number; variants: unknown[] };
    const listUrl = `${b}/api/v1/products?limit=100`;
    const listedPrice = async (id: string) =>
      ((await json(listUrl)) as { data: Listed[] }).data.find((p) => p.id === id)?.regularPrice;
    const product = ((await json(listUrl)) as { data: Listed[] }).data.find(
      (p) => p.variants.length === 0,
    )!;
    // warm B's caches: the second reads are answered from them
    for (let i = 0; i < 2; i++) {
      await json(`${b}/api/v1/products/${product.id}`);
      await json(listUrl);
      await json(`${b}/api/v1/storeInfo`);
    }
    // a change behind the processes' backs (no announcement) stays unseen: B really answers from
    // its caches, so only the bus can make it show the changes below in time
    await database.db.execute(
      sql`UPDATE stores SET store_name = 'Unannounced' WHERE id = ${DEFAULT_STORE_ID}`,
    );
    await database.db.execute(
      sql`UPDATE products SET regular_price_paise = regular_price_paise + 500 WHERE id = ${product.id}`,
    );
    await sleep(300);
    expect((await json(`${b}/api/v1/storeInfo`)).storeName).toBe('Kagaz & Kalam');
    expect(await listedPrice(product.id)).toBe(product.regularPrice);

    const session = (await json(`${a}/api/v1/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ownerEmail, password: ownerPassword }),
    })) as { token: string };
    const headers = {
      authorization: `Bearer ${session.token}`,
      'content-type': 'application/json',
    };

    const { settings } = (await json(`${a}/api/v1/admin/settings`, { headers })) as {
      settings: Record<string, unknown>;
    };
    await json(`${a}/api/v1/admin/settings`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...settings, storeName: 'Kagaz & Kalam (two processes)' }),
    });
    const nameMs = await timeUntil(
      async () =>
        (await json(`${b}/api/v1/storeInfo`)).storeName === 'Kagaz & Kalam (two processes)',
      1000,
    );

    const form = (await json(`${a}/api/v1/admin/products/${product.id}`, { headers })) as Record<
      string,
      unknown
    > & { regularPrice: number; slug: string | null };
    const newPrice = form.regularPrice + 11;
    const {
      id: _id,
      archived: _a,
      ordered: _o,
      createdAt: _c,
      updatedAt: _u,
      slug,
      ...body
    } = form;
    await json(`${a}/api/v1/admin/products/${product.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        ...body,
        ...(slug ? { slug } : {}),
        regularPrice: newPrice,
        discountedPrice: null,
      }),
    });
    const priceMs = await timeUntil(async () => (await listedPrice(product.id)) === newPrice, 1000);
    expect((await json(`${b}/api/v1/products/${product.id}`)).regularPrice).toBe(newPrice);

    expect(nameMs).toBeLessThan(1000);
    expect(priceMs).toBeLessThan(1000);
  }, 60_000);
});

describe.skipIf(!baseUrl)('postgresCatalogueBus', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  const buses: CatalogueBus[] = [];
  beforeAll(async () => {
    scratch = await scratchDatabase(baseUrl!);
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await scratch?.drop();
  });

  /** A bus whose listening connection can be found (and terminated) by its application name. */
  async function bus(name: string, retryMs = 50) {
    const url = new URL(scratch.url);
    url.searchParams.set('application_name', name);
    const events: string[] = [];
    const made = await postgresCatalogueBus({
      connectionString: url.toString(),
      retryMs,
      log: (message) => events.push(message),
    });
    buses.push(made);
    let changes = 0;
    made.subscribe(() => changes++);
    return { bus: made, changes: () => changes, events };
  }

  /** What an administrator (or a failover) does: ends the named listening connection. */
  async function terminate(applicationName: string) {
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1',
        [applicationName],
      );
      expect(killed.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
  }

  it('tells the other processes, not itself; after its connection is killed it reconnects and tells every process to refresh', async () => {
    const one = await bus('bus_one');
    const two = await bus('bus_two');
    one.bus.publish();
    await timeUntil(async () => two.changes() === 1, 1000);
    await sleep(100);
    expect(one.changes()).toBe(0);

    await terminate('bus_two');
    // back: it clears its own caches (changes announced while away are not replayed) and
    // announces a full refresh, so the other process clears too
    await timeUntil(async () => two.changes() === 2, 2000);
    await timeUntil(async () => one.changes() === 1, 1000);
    // and hears the others again
    one.bus.publish();
    await timeUntil(async () => two.changes() === 3, 1000);
    await sleep(100);
    expect(one.changes()).toBe(1);
  }, 30_000);

  it('a change published while its listener is down reaches the others within a second', async () => {
    // a long backoff: only the change itself can bring the listener back this soon
    const one = await bus('bus_down', 5_000);
    const two = await bus('bus_hearing');
    await terminate('bus_down');
    await timeUntil(async () => one.events.some((e) => e.includes('lost its connection')), 1000);

    const published = performance.now();
    one.bus.publish();
    await timeUntil(async () => two.changes() === 1, 1000);
    expect(performance.now() - published).toBeLessThan(1000);
    expect(one.events.some((e) => e.includes('is back'))).toBe(true);
  }, 30_000);
});
