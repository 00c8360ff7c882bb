import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { spawnSourceServer } from './test/source-server';
import { freePort } from './test/free-port';

/**
 * The real server, as a load balancer's orchestrator stops it: SIGTERM first turns /readyz to 503
 * while the shop keeps serving for SHUTDOWN_DRAIN_MS, then the process closes and exits 0.
 */
const DRAIN_MS = 2500;
const dataDir = mkdtempSync(join(tmpdir(), 'store-drain-'));
let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it(
  'on SIGTERM fails /readyz, keeps serving for the drain, then exits 0',
  { timeout: 90_000 },
  async () => {
    const port = await freePort();
    const { child: server, output } = spawnSourceServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      ADMIN_DIST_DIR: join(dataDir, 'no-admin'),
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
    child = server;
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    const url = `http://127.0.0.1:${port}`;
    const status = (path: string) =>
      fetch(url + path).then(
        (r) => r.status,
        () => 0,
      );

    const deadline = Date.now() + 60_000;
    while ((await status('/readyz')) !== 200) {
      if (server.exitCode !== null || Date.now() > deadline)
        throw new Error(`server did not become ready: ${output()}`);
      await sleep(200);
    }
    expect(await status('/api/v1/products?limit=1')).toBe(200);

    const signalledAt = Date.now();
    server.kill('SIGTERM');
    await sleep(200);
    // the load balancer's probe sees it is going, while shoppers' requests are still answered
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'draining' });
    expect(await status('/healthz')).toBe(200);
    expect(await status('/api/v1/products?limit=1')).toBe(200);
    // late in the drain, however long the requests above took on a loaded machine
    await sleep(Math.max(0, DRAIN_MS - 700 - (Date.now() - signalledAt)));
    const askedAt = Date.now() - signalledAt;
    expect(await status('/api/v1/products?limit=1')).toBe(200);
    expect(askedAt).toBeLessThan(DRAIN_MS);

    expect(await exited, output()).toBe(0);
    // it waited out the drain before closing
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(await status('/healthz')).toBe(0);
  },
);
