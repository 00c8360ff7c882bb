import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpEmbeddedDatabase } from '../db/backup';
import { openDatabase, type Database } from '../db/client';
import { orders } from '../db/schema';
import { seedCatalogue } from '../db/seed';
import { placePaidOrder } from '../test/pay-order';
import { operatorTestApp, runStoreCli as store } from '../test/store-cli';
import { registerAndLogin } from '../test/test-app';

/*
 * `npm run store -- backup <file>` while the store runs, then `restore <file>` into a new data
 * folder: the orders placed before the backup are all there. Real CLI processes on real embedded
 * data folders; the running store is an app on the folder, listening, as server.ts runs it.
 */

const root = mkdtempSync(join(tmpdir(), 'store-backup-'));
const liveDir = join(root, 'live');
const backupFile = join(root, 'store.backup');
let database: Database | null = null;
let app: FastifyInstance | null = null;
const placed: string[] = [];

async function closeApp() {
  await app?.close();
  await database?.close();
  app = null;
  database = null;
}

const orderIdsIn = async (db: Database['db']) =>
  (await db.select({ id: orders.id }).from(orders)).map((o) => o.id).sort();

beforeAll(async () => {
  database = await openDatabase({ dataDir: liveDir });
  const pglite = database.pglite!;
  app = await operatorTestApp(database, { dumpDatabase: () => dumpEmbeddedDatabase(pglite) });
  await seedCatalogue(database.db);
  const shopper = await registerAndLogin(app);
  placed.push(await placePaidOrder(app, shopper.token), await placePaidOrder(app, shopper.token));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  // what server.ts records, so the CLI asks this server rather than opening the folder
  writeFileSync(
    join(liveDir, 'server.address.json'),
    JSON.stringify({ pid: process.pid, url: `http://127.0.0.1:${port}` }),
  );
}, 90_000);
afterAll(async () => {
  rmSync(join(liveDir, 'server.address.json'), { force: true });
  await closeApp();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run store -- backup / restore (embedded database)', () => {
  it('backs up while the store runs and restores into a new folder with the same orders', async () => {
    const made = await store(liveDir, ['backup', backupFile]);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('through the running server');
    expect(existsSync(`${backupFile}.partial`)).toBe(false);

    // the folder in use is not a restore target
    const busy = await store(liveDir, ['restore', backupFile, '--force']);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain('in use by a running store server');

    // an order placed after the backup is not in it
    const shopper = await registerAndLogin(app!, { email: 'later@example.in' });
    const later = await placePaidOrder(app!, shopper.token);

    const newDir = join(root, 'restored');
    const restored = await store(newDir, ['restore', backupFile]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`${placed.length} orders`);

    const check = await openDatabase({ dataDir: newDir });
    try {
      const ids = await orderIdsIn(check.db);
      expect(ids).toEqual([...placed].sort());
      expect(ids).not.toContain(later);
    } finally {
      await check.close();
    }

    const again = await store(newDir, ['restore', backupFile]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already holds a database');
    expect(again.stderr).toContain('--force');

    const overwrite = await store(liveDir, ['backup', backupFile]);
    expect(overwrite.code).toBe(1);
    expect(overwrite.stderr).toContain('already exists');
  }, 180_000);

  it('refuses a file that is not a backup, or a damaged one, with a message and no stack', async () => {
    const junk = join(root, 'junk.backup');
    writeFileSync(junk, 'these are not the orders you are looking for');
    const target = join(root, 'from-junk');
    const notBackup = await store(target, ['restore', junk]);
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toContain('not a store backup');

    // a real backup cut short, as a copy interrupted half way leaves it
    const whole = Buffer.from(await (await dumpEmbeddedDatabase(database!.pglite!)).arrayBuffer());
    const cut = join(root, 'cut.backup');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const damaged = await store(target, ['restore', cut]);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain('The backup is damaged');
    for (const out of [notBackup.stderr, damaged.stderr]) expect(out).not.toMatch(/\n\s+at /);
    // nothing half-restored is left to be mistaken for a database
    expect(existsSync(join(target, 'pglite', 'PG_VERSION'))).toBe(false);
  }, 120_000);

  it('on PostgreSQL prints the pg_dump and pg_restore commands instead', async () => {
    const pgEnv = { DATABASE_URL: 'postgres://store:s3cret@127.0.0.1:5432/shop' };
    const b = await store(liveDir, ['backup', 'nightly.dump'], pgEnv);
    expect(b.code).toBe(1);
    expect(b.stderr).toContain('pg_dump --format=custom --file=nightly.dump "$DATABASE_URL"');
    const r = await store(liveDir, ['restore', 'nightly.dump'], pgEnv);
    expect(r.stderr).toContain(
      'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" nightly.dump',
    );
    for (const out of [b.stderr, r.stderr]) expect(out).not.toContain('s3cret');
  }, 60_000);
});
