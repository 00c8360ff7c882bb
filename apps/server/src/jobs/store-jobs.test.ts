import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { carts, emailOutbox, orders } from '../db/schema';
import { validFields } from '../test/pay-order';
import { defaultPaymentsEnv, paymentConfigFromEnv } from '../modules/payments/payment-config';
import { stockOf } from '../test/stock';
import {
  authHeader,
  createTestApp,
  placeTestOrder,
  plainProducts,
  registerAndLogin,
  testJwtSecret,
  type TestApp,
} from '../test/test-app';
import { startJobRunner, type JobRunner } from './job-runner';
import { storeJobs } from './store-jobs';

// The store's jobs as the server runs them: through the runner, on the app's database.
describe('store jobs', () => {
  let t: TestApp;
  let runner: JobRunner;
  beforeAll(async () => {
    t = await createTestApp();
    runner = await startJobRunner({
      database: t.database,
      pollingIntervalSeconds: 0.5,
      jobs: storeJobs({
        app: t.app,
        payments: paymentConfigFromEnv(defaultPaymentsEnv, 'test-sandbox-secret'),
        payWindowMs: 30 * 60_000,
        jwtSecret: testJwtSecret,
      }),
    });
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
  });

  it('cancels an order left unpaid past the pay window and returns its stock', async () => {
    const shopper = await registerAndLogin(t.app);
    const old = await placeTestOrder(t.app, shopper.token, 1);
    const fresh = await placeTestOrder(t.app, shopper.token, 1);
    const productId = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${old.id}`,
        headers: authHeader(shopper.token),
      })
    ).json().items[0].productId as string;
    const before = await stockOf(t.db, productId);
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(orders.id, old.id));

    await runner.send('orders.expire-unpaid');
    const statusOf = async (id: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/orders/${id}`,
          headers: authHeader(shopper.token),
        })
      ).json() as { status: number; cancelReason?: string | null };
    for (let i = 0; i < 100 && (await statusOf(old.id)).status !== 4; i++)
      await new Promise((r) => setTimeout(r, 100));

    expect(await statusOf(old.id)).toMatchObject({ status: 4, cancelReason: 'expired' });
    expect((await statusOf(fresh.id)).status).toBe(0);
    expect(await stockOf(t.db, productId)).toBe(before! + 1);
  });

  it('cancels a cash-on-delivery order staff did not confirm within 48 hours, not a confirmed one', async () => {
    const shopper = await registerAndLogin(t.app);
    const chooseCod = async (orderId: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payments',
        headers: authHeader(shopper.token),
        payload: { orderId, fields: validFields('cod') },
      });
      expect(res.statusCode).toBe(200);
    };
    const unconfirmed = await placeTestOrder(t.app, shopper.token, 1);
    const confirmed = await placeTestOrder(t.app, shopper.token, 1);
    await chooseCod(unconfirmed.id);
    await chooseCod(confirmed.id);
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '49 hours'` })
      .where(eq(orders.id, unconfirmed.id));
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '49 hours'`, codConfirmedAt: sql`now()` })
      .where(eq(orders.id, confirmed.id));

    await runner.send('orders.expire-unpaid');
    const rowOf = async (id: string) =>
      (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
    for (let i = 0; i < 100 && (await rowOf(unconfirmed.id)).status !== 4; i++)
      await new Promise((r) => setTimeout(r, 100));

    expect(await rowOf(unconfirmed.id)).toMatchObject({
      status: 4,
      cancelReason: 'cod_unconfirmed',
      codStatus: null,
    });
    expect(await rowOf(confirmed.id)).toMatchObject({ status: 1, codStatus: 'to_collect' });
  });

  it('e-mails a signed-in shopper about the cart they left a day ago, once', async () => {
    const shopper = await registerAndLogin(t.app);
    const [product] = await plainProducts(t.app, 1);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/cart/changes',
      headers: authHeader(shopper.token),
      payload: {
        changes: [{ op: 'merge', productId: product!.id, size: '', color: '', quantity: 1 }],
      },
    });
    expect(added.statusCode).toBe(200);
    await t.db
      .update(carts)
      .set({ changedAt: sql`now() - interval '25 hours'` })
      .where(eq(carts.userId, shopper.id));

    const reminders = () =>
      t.db
        .select()
        .from(emailOutbox)
        .where(
          and(eq(emailOutbox.toAddress, shopper.email), eq(emailOutbox.kind, 'cart_reminder')),
        );
    await runner.send('carts.remind');
    await runner.send('carts.remind');
    await expect.poll(async () => (await reminders()).length, { timeout: 10_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await reminders()).toHaveLength(1);
  });
});
