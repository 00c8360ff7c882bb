import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { seedCatalogue } from '../db/seed';
import { listActivity } from '../modules/activity/activity.service';
import { DEFAULT_STORE_ID, defaultStoreTax } from '../db/seed-data/store';
import { shopDate } from '../lib/shop-days';
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

/** Runs `body` with a server on the data folder that the CLI finds by its address file. */
async function throughServer(body: () => Promise<void>) {
  const a = await openApp();
  await a.listen({ port: 0, host: '127.0.0.1' });
  const { port } = a.server.address() as { port: number };
  writeFileSync(
    join(dataDir, 'server.address.json'),
    JSON.stringify({ pid: process.pid, url: `http://127.0.0.1:${port}` }),
  );
  try {
    await body();
  } finally {
    rmSync(join(dataDir, 'server.address.json'), { force: true });
    await closeApp();
  }
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
    await throughServer(async () => {
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
    });
  }, 60_000);
});

describe('npm run store -- gst gstr1', () => {
  const month = shopDate().slice(0, 7);

  it('writes the month’s GSTR-1 as JSON, or as CSV for a .csv file, and says what is in it', async () => {
    const out = join(dataDir, 'gstr1.json');
    const run = await store(dataDir, ['gst', 'gstr1', '--month', month, '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`GSTR-1 of ${month} for GSTIN ${defaultStoreTax.gstin}`);
    expect(run.stdout).toContain('2 invoices, 0 credit notes');
    const json = JSON.parse(readFileSync(out, 'utf8'));
    expect(json).toMatchObject({
      gstin: defaultStoreTax.gstin,
      fp: `${month.slice(5)}${month.slice(0, 4)}`,
    });
    expect(json.doc_issue.doc_det[0].docs[0]).toMatchObject({ totnum: 2, net_issue: 2 });

    const csv = join(dataDir, 'gstr1.csv');
    expect((await store(dataDir, ['gst', 'gstr1', '--month', month, '--out', csv])).code).toBe(0);
    expect(readFileSync(csv, 'utf8')).toMatch(/^\uFEFFSection,/);
  }, 60_000);

  it('asks the server holding the data folder for the same return', async () => {
    await throughServer(async () => {
      const out = join(dataDir, 'gstr1-remote.json');
      const run = await store(dataDir, ['gst', 'gstr1', '--month', month, '--out', out]);
      expect(run.stderr).toBe('');
      expect(JSON.parse(readFileSync(out, 'utf8')).doc_issue).toEqual(
        JSON.parse(readFileSync(join(dataDir, 'gstr1.json'), 'utf8')).doc_issue,
      );
    });
  }, 60_000);

  it('refuses a bad or future month and a missing --out with exit code 2', async () => {
    const bad = await store(dataDir, ['gst', 'gstr1', '--month', '2026-13', '--out', 'x.json']);
    expect(bad).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--month 2026-13: Use a month like 2026-11'),
    });
    const future = await store(dataDir, ['gst', 'gstr1', '--month', '2999-01', '--out', 'x.json']);
    expect(future).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('2999-01 has not begun yet'),
    });
    const noOut = await store(dataDir, ['gst', 'gstr1', '--month', month]);
    expect(noOut).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('gst gstr1 needs --out <file>'),
    });
  }, 60_000);
});
