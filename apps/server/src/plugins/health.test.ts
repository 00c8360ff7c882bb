import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '../env';
import { createTestApp, type TestApp } from '../test/test-app';

describe('GET /healthz and /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('healthz says the process is alive, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('readyz is 200 with every check when the database answers and is migrated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', redis: 'off' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers whatever the Host, with no store resolved and no rate limit', async () => {
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: i % 2 ? '/readyz' : '/healthz',
        headers: { host: 'unknown.example' },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('stays out of the API docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    expect(Object.keys(doc.paths).filter((p) => /healthz|readyz/.test(p))).toEqual([]);
  });
});

describe('readyz when something is wrong', () => {
  it('is 503 "draining" once shutdown starts, while the rest still serves', async () => {
    const t = await createTestApp();
    try {
      t.app.startDraining();
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'draining' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const products = await t.app.inject({ method: 'GET', url: '/api/v1/products' });
      expect(products.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is 503 naming the database when it is closed; healthz stays 200', async () => {
    const t = await createTestApp();
    const close = t.database.close;
    try {
      await close();
      // the app's own close must not close it twice
      t.database.close = async () => {};
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        error: 'The database does not answer',
        checks: { database: 'failed' },
      });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is 503 naming the migrations when the newest is not applied', async () => {
    const t = await createTestApp();
    try {
      await t.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        checks: { database: 'ok', migrations: 'failed' },
        error: expect.stringContaining('migrations'),
      });
    } finally {
      await t.close();
    }
  });
});

describe('readyz and Redis', () => {
  it('stays ready, reported degraded, when the configured Redis does not answer', async () => {
    // nothing listens on port 1: the limits fall back to this process, so the process can still
    // serve; every process would fail together otherwise and the balancer would have none left
    const t = await createTestApp({ rateLimits: { redisUrl: 'redis://127.0.0.1:1' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        warning:
          'Redis does not answer: sign-in limits are counted in this process until it is back',
        checks: { database: 'ok', migrations: 'ok', redis: 'failed' },
      });
    } finally {
      await t.close();
    }
  });

  it.runIf(env.TEST_REDIS_URL)('is 200 when the configured Redis answers', async () => {
    const t = await createTestApp({
      rateLimits: { redisUrl: env.TEST_REDIS_URL!, nameSpace: `health-test-${process.pid}:` },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ checks: { redis: 'ok' } });
    } finally {
      await t.close();
    }
  });
});
