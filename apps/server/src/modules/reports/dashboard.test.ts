import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD } from '@store/contracts/stock';
import { orders, payments, products } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { placePaidOrder } from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { setStock } from '../../test/stock';
import {
  createTestApp,
  placeTestOrder,
  registerAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { getDashboard } from './dashboard.service';

let t: TestApp;
let clerk: SignedInStaff;
let shopper: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await signInStaff(t.app, t.db, 'staff');
  shopper = await registerAndLogin(t.app);
});
afterAll(() => t.close());

const at = (id: string, iso: string) =>
  t.db
    .update(orders)
    .set({ createdAt: new Date(iso) })
    .where(eq(orders.id, id));
const totalOf = async (id: string) =>
  (await t.db.select({ v: orders.totalPaise }).from(orders).where(eq(orders.id, id)))[0]!.v;

describe('GET /admin/dashboard', () => {
  it('counts paid orders by the shop’s days (Asia/Kolkata), with every day of 30 present', async () => {
    // "now" is 10:00 on 15 June in India (04:30 UTC)
    const now = new Date('2031-06-15T04:30:00Z');
    const today = await placePaidOrder(t.app, shopper.token);
    await at(today, '2031-06-14T19:00:00Z'); // 00:30 on the 15th in India: today
    const yesterday = await placePaidOrder(t.app, shopper.token);
    await at(yesterday, '2031-06-14T18:00:00Z'); // 23:30 on the 14th in India
    const weekAgo = await placePaidOrder(t.app, shopper.token);
    await at(weekAgo, '2031-06-09T06:00:00Z'); // the 9th: within 7 days (9..15)
    const old = await placePaidOrder(t.app, shopper.token);
    await at(old, '2031-05-20T06:00:00Z'); // within 30 days (17 May..15 June)
    const tooOld = await placePaidOrder(t.app, shopper.token);
    await at(tooOld, '2031-05-16T06:00:00Z');
    const unpaid = await placeTestOrder(t.app, shopper.token);
    await at(unpaid.id, '2031-06-15T03:00:00Z');

    const [a, b, c, d] = await Promise.all([today, yesterday, weekAgo, old].map(totalOf));
    const d0 = await getDashboard(t.db, DEFAULT_STORE_ID, now);
    expect(d0.today).toEqual({ revenuePaise: a, paidOrders: 1, averageOrderPaise: a });
    expect(d0.last7Days).toMatchObject({ revenuePaise: a! + b! + c!, paidOrders: 3 });
    expect(d0.last30Days).toMatchObject({ revenuePaise: a! + b! + c! + d!, paidOrders: 4 });
    expect(d0.last30Days.averageOrderPaise).toBe(Math.round((a! + b! + c! + d!) / 4));
    expect(d0.dailyRevenue).toHaveLength(30);
    expect(d0.dailyRevenue[0]!.date).toBe('2031-05-17');
    expect(d0.dailyRevenue.at(-1)).toEqual({ date: '2031-06-15', revenuePaise: a });
    expect(d0.dailyRevenue.find((x) => x.date === '2031-06-14')!.revenuePaise).toBe(b);
    expect(d0.dailyRevenue.find((x) => x.date === '2031-06-13')!.revenuePaise).toBe(0);

    // cancelling takes an order out of revenue
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${today}/cancel`,
      headers: clerk.headers,
      payload: {},
    });
    const d1 = await getDashboard(t.db, DEFAULT_STORE_ID, now);
    expect(d1.today).toEqual({ revenuePaise: 0, paidOrders: 0, averageOrderPaise: 0 });
  });

  it('lists orders to ship (oldest first), refunds due and low stock, over HTTP', async () => {
    const older = await placePaidOrder(t.app, shopper.token);
    await at(older, '2020-01-01T00:00:00Z');
    const cancelledPaid = await placePaidOrder(t.app, shopper.token);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${cancelledPaid}/cancel`,
      headers: clerk.headers,
      payload: {},
    });
    const [product] = await t.db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(sql`${products.archivedAt} is null`)
      .limit(1);
    await setStock(t.db, product!.id, 0);
    const [archived] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.id} <> ${product!.id}`)
      .limit(1);
    await setStock(t.db, archived!.id, 0);
    await t.db
      .update(products)
      .set({ archivedAt: new Date() })
      .where(eq(products.id, archived!.id));

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/dashboard',
      headers: clerk.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.toShip[0]).toMatchObject({ id: older, customerName: 'Asha Verma' });
    expect(body.toShip.length).toBeLessThanOrEqual(10);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, cancelledPaid));
    expect(body.refundsDue).toContainEqual(
      expect.objectContaining({
        paymentId: payment!.id,
        orderId: cancelledPaid,
        refundablePaise: payment!.amountPaise,
      }),
    );
    expect(body.lowStock.length).toBeGreaterThan(0);
    expect(body.lowStock.length).toBeLessThanOrEqual(10);
    expect(body.lowStock[0]).toMatchObject({ onHand: 0 });
    expect(body.lowStock.every((s: { onHand: number }) => s.onHand <= LOW_STOCK_THRESHOLD)).toBe(
      true,
    );
    const ids = body.lowStock.map((s: { productId: string }) => s.productId);
    expect(ids).not.toContain(archived!.id);
    const onHands = body.lowStock.map((s: { onHand: number }) => s.onHand);
    expect(onHands).toEqual([...onHands].sort((x: number, y: number) => x - y));
  });

  it('needs a staff session', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard' });
    expect(none.statusCode).toBe(401);
    const asShopper = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/dashboard',
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(asShopper.statusCode).toBe(401);
  });
});
