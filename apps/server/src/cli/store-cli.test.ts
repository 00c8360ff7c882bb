import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { seedCatalogue } from '../db/seed';
import { listActivity } from '../modules/activity/activity.service';
import { DEFAULT_STORE_ID } from '../db/seed-data/store';
import { placePaidOrder } from '../test/pay-order';
import { operatorTestApp, runStoreCli as store } from '../test/store-cli';
import { registerAndLogin } from '../test/test-app';

/*
 * `npm run store -- order <id> ship --carrier ...` as a real process on an embedded data folder:
 * on the folder itself, and through the server that holds it. Orders are placed and paid through
 * an app on that folder first.
 */

let dataDir: string;
let database: Database | null = null;
let app: FastifyInstance | null = null;
const orderIds: string[] = [];

async function openApp() {
  database = await openDatabase({ dataDir });
  app = await operatorTestApp(database);
  return app;
}
async function closeApp() {
  await app?.close();
  await database?.close();
  app = null;
  database = null;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'store-cli-orders-'));
  const a = await openApp();
  await seedCatalogue(database!.db);
  const shopper = await registerAndLogin(a);
  orderIds.push(await placePaidOrder(a, shopper.token), await placePaidOrder(a, shopper.token));
  await closeApp();
}, 60_000);
afterAll(async () => {
  await closeApp();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run store -- order <id> ship --carrier', () => {
  it('checks the number for the carrier, ships, and logs it as the command line', async () => {
    const [first] = orderIds;
    const wrong = await store(dataDir, [
      'order',
      first!,
      'ship',
      '--tracking',
      'ABC',
      '--carrier',
      'Blue Dart',
    ]);
    expect(wrong).toMatchObject({ code: 2, stderr: expect.stringContaining('8 to 11 digits') });

    const ship = await store(dataDir, [
      'order',
      first!,
      'ship',
      '--tracking',
      '12345678',
      '--carrier',
      'Blue Dart',
    ]);
    expect(ship.stderr).toBe('');
    expect(ship.stdout).toContain('Processing -> Shipped (tracking Blue Dart 12345678)');

    const a = await openApp();
    const log = await listActivity(a.db, DEFAULT_STORE_ID, {
      entityType: 'order',
      entityId: first!,
      page: 1,
      limit: 10,
    });
    expect(log.data[0]).toMatchObject({
      actor: 'command line',
      action: 'order.ship',
      after: { carrier: 'Blue Dart', trackingNumber: '12345678' },
    });
    await closeApp();
  }, 60_000);

  it('asks the server holding the data folder, which checks the carrier too', async () => {
    const [, second] = orderIds;
    const a = await openApp();
    await a.listen({ port: 0, host: '127.0.0.1' });
    const { port } = a.server.address() as { port: number };
    writeFileSync(
      join(dataDir, 'server.address.json'),
      JSON.stringify({ pid: process.pid, url: `http://127.0.0.1:${port}` }),
    );
    try {
      const ship = await store(dataDir, [
        'order',
        second!,
        'ship',
        '--tracking',
        'ee123456785in',
        '--carrier',
        'India Post',
      ]);
      expect(ship.stderr).toBe('');
      expect(ship.stdout).toContain('Processing -> Shipped (tracking India Post EE123456785IN)');
      const again = await store(dataDir, ['order', second!, 'deliver']);
      expect(again.stdout).toContain('Shipped -> Delivered');
    } finally {
      rmSync(join(dataDir, 'server.address.json'), { force: true });
      await closeApp();
    }
  }, 60_000);
});
