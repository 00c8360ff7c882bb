import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { env } from '../env';
import { createTestApp, type TestApp } from '../test/test-app';
import { startJobRunner, type JobRunner } from './job-runner';

const until = async (check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('background jobs', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.reverse()) await c();
    cleanups.length = 0;
  });
  const track = (runner: JobRunner) => {
    cleanups.push(() => runner.stop());
    return runner;
  };

  it('retries a failing job with growing delays until it succeeds', async () => {
    const t: TestApp = await createTestApp();
    cleanups.push(() => t.close());
    const tries: number[] = [];
    const runner = track(
      await startJobRunner({
        database: t.database,
        pollingIntervalSeconds: 0.5,
        jobs: [
          {
            name: 'flaky',
            retryDelaySeconds: 1,
            handler: async () => {
              tries.push(Date.now());
              if (tries.length < 3) throw new Error('not yet');
            },
          },
        ],
      }),
    );
    await runner.send('flaky', { n: 1 });
    await until(() => tries.length === 3);
    // backoff: the second wait is longer than the first
    const [a, b, c] = tries as [number, number, number];
    expect(c - b).toBeGreaterThan(b - a);
  });

  it('counts the jobs waiting per queue and tells of each failed attempt (for /metrics)', async () => {
    const t: TestApp = await createTestApp();
    cleanups.push(() => t.close());
    const failed: string[] = [];
    const runner = track(
      await startJobRunner({
        database: t.database,
        pollingIntervalSeconds: 0.5,
        onJobFailed: (name) => failed.push(name),
        jobs: [
          {
            name: 'broken',
            retryLimit: 0,
            handler: async () => {
              throw new Error('always');
            },
          },
          { name: 'later', handler: async () => undefined },
        ],
      }),
    );
    await runner.send('later', {}, { startAfterSeconds: 60 });
    await runner.send('later', {}, { startAfterSeconds: 60 });
    await runner.send('broken');
    await until(() => failed.length === 1);
    expect(failed).toEqual(['broken']);
    expect(await runner.queueSizes()).toEqual({ broken: 0, later: 2 });
  });

  it('keeps a queued job across a restart of the embedded database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-jobs-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const seen: unknown[] = [];
    const jobs = [{ name: 'later', handler: async (d: Record<string, unknown>) => seen.push(d) }];

    let database: Database = await openDatabase({ dataDir: dir });
    const runner = await startJobRunner({ database, jobs, pollingIntervalSeconds: 0.5 });
    await runner.send('later', { order: 'A1' }, { startAfterSeconds: 2 });
    await runner.stop();
    await database.close();
    expect(seen).toEqual([]);

    database = await openDatabase({ dataDir: dir });
    cleanups.push(() => database.close());
    track(await startJobRunner({ database, jobs, pollingIntervalSeconds: 0.5 }));
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ order: 'A1' }]);
    // two openings of a fresh data folder, each migrating it: over 20 s on a loaded machine
  }, 60_000);

  it.runIf(Boolean(env.TEST_DATABASE_URL))(
    'two processes sharing PostgreSQL start together and run each job once',
    async () => {
      const t = await createTestApp();
      cleanups.push(() => t.close());
      // a second "process": its own pool on the same database
      const url = (
        t.database.db as unknown as { $client: { options: { connectionString: string } } }
      ).$client.options.connectionString;
      const other = await openDatabase({ databaseUrl: url, poolSize: 3 });
      cleanups.push(() => other.close());
      const runs = new Map<number, number>();
      const handler = async (d: Record<string, unknown>) => {
        const n = Number(d.n);
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 20));
      };
      const jobs = [{ name: 'once', handler }];
      // both start at once on a database without pg-boss's schema yet, as two servers deployed together
      const [first, second] = await Promise.all([
        startJobRunner({ database: t.database, jobs, pollingIntervalSeconds: 0.5 }),
        startJobRunner({ database: other, jobs, pollingIntervalSeconds: 0.5 }),
      ]);
      track(first);
      track(second);
      for (let n = 0; n < 30; n++) await first.send('once', { n });
      await until(() => runs.size === 30);
      await new Promise((r) => setTimeout(r, 1500));
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
    },
  );
});
