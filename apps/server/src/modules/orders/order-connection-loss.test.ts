/**
 * Issue 24: a database connection dropped in the middle of placing an order (a restart, a
 * failover, pg_terminate_backend) fails that request only, with a 503 the shopper can retry, and
 * leaves no half-written order. Needs TEST_DATABASE_URL: PGlite runs in the process and has no
 * connection to lose.
 */
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { env } from '../../env';
import { stockOf } from '../../test/stock';
import {
  authHeader,
  createTestApp,
  plainProducts,
  registerAndLogin,
  testShippingAddress,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

if (!env.TEST_DATABASE_URL)
  console.warn('order-connection-loss.test.ts skipped: TEST_DATABASE_URL is unset');

describe.runIf(Boolean(env.TEST_DATABASE_URL))('an order whose connection is killed', () => {
  let t: TestApp;
  let shopper: TestUser;
  let productId: string;
  beforeAll(async () => {
    t = await createTestApp();
    shopper = await registerAndLogin(t.app);
    productId = (await plainProducts(t.app, 1))[0]!.id;
  });
  afterAll(() => t?.close());

  const placeOrder = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: authHeader(shopper.token),
      payload: { products: { [productId]: 1 }, shippingAddress: testShippingAddress },
    });
  const ordersOf = async (userId: string) =>
    (await t.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]!.n;

  it('answers 503 with Retry-After, writes nothing, and the next order goes through', async () => {
    const stockBefore = await stockOf(t.db, productId);
    // two sessions: pg_stat_activity is read once per transaction, so the one holding the lock
    // would never see the order arrive
    const locker = new pg.Client({ connectionString: t.databaseUrl });
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await Promise.all([locker.connect(), admin.connect()]);
    try {
      // the order's transaction takes its stock, then waits here to write the order row
      await locker.query('begin');
      await locker.query('lock table orders in share mode');
      const pending = placeOrder();
      let pid: number | undefined;
      for (let i = 0; i < 250 && pid === undefined; i++) {
        const { rows } = await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'
              and query ilike 'insert into "orders"%'`,
        );
        pid = rows[0]?.pid;
        if (pid === undefined) await new Promise((r) => setTimeout(r, 20));
      }
      expect(pid, 'the order never reached its insert').toBeDefined();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      const res = await pending;
      await locker.query('rollback');

      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toEqual({
        error: 'The store is briefly unavailable. Please try again in a moment.',
        code: 'database_unavailable',
      });
      expect(await ordersOf(shopper.id)).toBe(0);
      expect(await stockOf(t.db, productId)).toBe(stockBefore);
    } finally {
      await Promise.all([locker.end(), admin.end()]);
    }

    // the pool opened a fresh connection: the same shopper can place the order now
    const again = await placeOrder();
    expect(again.statusCode).toBe(201);
    expect(await ordersOf(shopper.id)).toBe(1);
    expect(await stockOf(t.db, productId)).toBe(stockBefore! - 1);
  });

  it('answers 503 while the database refuses connections, and serves again once it accepts them', async () => {
    // a database cannot close itself to connections: ask from the server's maintenance database
    const url = new URL(t.databaseUrl!);
    const database = decodeURIComponent(url.pathname.slice(1));
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    const myOrders = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/orders', headers: authHeader(shopper.token) });
    try {
      // maintenance or a failover in progress: no new sessions, and the pool's are ended
      await admin.query(`alter database "${database}" allow_connections false`);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = $1`,
        [database],
      );
      const res = await myOrders();
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().error).toBe(
        'The store is briefly unavailable. Please try again in a moment.',
      );
    } finally {
      await admin.query(`alter database "${database}" allow_connections true`);
      await admin.end();
    }
    expect((await myOrders()).statusCode).toBe(200);
  });
});
