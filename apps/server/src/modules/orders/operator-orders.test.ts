import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import {
  authHeader,
  createTestApp,
  placeTestOrder,
  plainProducts,
  registerAndLogin,
  testJwtSecret,
  testShippingAddress,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { signOperatorToken } from '../../lib/operator-token';
import { getOperatorOrder, listOperatorOrders } from './operator-orders.service';
import { transitionOrder } from './order-transitions.service';
import { placePaidOrder } from '../../test/pay-order';

let t: TestApp;
let shopper: TestUser;
/** oldest first: pending (3 + 1 units), processing (paid), cancelled */
let pendingId: string;
let paidId: string;
let cancelledId: string;
/** when each was placed: three, two and one day ago */
const placedAt = [3, 2, 1].map((days) => new Date(Date.now() - days * 86_400_000));

async function placeMultiUnitOrder(): Promise<string> {
  const [first, second] = await plainProducts(t.app, 2);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: authHeader(shopper.token),
    payload: {
      products: { [first!.id]: 3, [second!.id]: 1 },
      shippingAddress: { ...testShippingAddress, city: 'Mysuru', postalCode: '570001' },
    },
  });
  return res.json().id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  shopper = await registerAndLogin(t.app);
  pendingId = await placeMultiUnitOrder();
  paidId = await placePaidOrder(t.app, shopper.token);
  cancelledId = (await placeTestOrder(t.app, shopper.token, 1)).id;
  await transitionOrder(t.db, cancelledId, 'cancel');
  // distinct days, so "newest first" does not hang on microseconds
  for (const [i, id] of [pendingId, paidId, cancelledId].entries()) {
    await t.db.update(orders).set({ createdAt: placedAt[i] }).where(eq(orders.id, id));
  }
});
afterAll(() => t.close());

describe('operator order list', () => {
  it('lists the newest first, with units, total, contact and destination', async () => {
    const list = await listOperatorOrders(t.db, { limit: 50 });
    expect(list.map((o) => o.id)).toEqual([cancelledId, paidId, pendingId]);
    const pending = list[2]!;
    expect(pending).toMatchObject({
      status: 0,
      createdAt: placedAt[0]!.toISOString(),
      itemCount: 4,
      contactEmail: shopper.email,
      city: 'Mysuru',
      postalCode: '570001',
    });
    expect(pending.totalPaise).toBeGreaterThan(0);
    expect(list.map((o) => o.status)).toEqual([4, 1, 0]);
  });
  it('filters by status and stops at the limit', async () => {
    const ids = async (query: Parameters<typeof listOperatorOrders>[1]) =>
      (await listOperatorOrders(t.db, query)).map((o) => o.id);
    expect(await ids({ status: 'processing', limit: 50 })).toEqual([paidId]);
    expect(await ids({ status: 'pending', limit: 50 })).toEqual([pendingId]);
    expect(await ids({ status: 'cancelled', limit: 50 })).toEqual([cancelledId]);
    expect(await ids({ status: 'delivered', limit: 50 })).toEqual([]);
    expect(await ids({ limit: 2 })).toEqual([cancelledId, paidId]);
  });
});

describe('operator order detail', () => {
  it('shows the lines in order and the payment attempts', async () => {
    const order = await getOperatorOrder(t.db, paidId.toLowerCase());
    expect(order).toMatchObject({
      id: paidId,
      status: 1,
      trackingNumber: null,
      contactEmail: shopper.email,
      contactPhone: '9876543210',
      shippingAddress: { ...testShippingAddress, phone: '+919876543210' },
    });
    expect(order.items).toHaveLength(2);
    expect(order.items.every((i) => i.quantity === 1 && i.size === null)).toBe(true);
    expect(order.totalPaise).toBe(order.items.reduce((s, i) => s + i.unitPricePaise, 0));
    expect(order.payments).toEqual([
      expect.objectContaining({
        provider: 'sandbox',
        method: 'gateway',
        status: 'succeeded',
        amountPaise: order.totalPaise,
      }),
    ]);
    expect(Date.parse(order.updatedAt)).toBeGreaterThan(Date.parse(order.createdAt));
  });
  it('shows an order without payments, with its quantities', async () => {
    const order = await getOperatorOrder(t.db, pendingId);
    expect(order.items.map((i) => i.quantity)).toEqual([3, 1]);
    expect(order.payments).toEqual([]);
    expect(order.totalPaise).toBe(
      order.items.reduce((s, i) => s + i.quantity * i.unitPricePaise, 0),
    );
  });
  it('refuses unknown orders and bad ids with a 404', async () => {
    await expect(getOperatorOrder(t.db, 'ZZZZZZZZZZ')).rejects.toMatchObject({
      statusCode: 404,
      message: 'Order ZZZZZZZZZZ not found',
    });
    await expect(getOperatorOrder(t.db, 'nope!')).rejects.toMatchObject({
      statusCode: 404,
      message: 'Not an order id: nope!',
    });
  });
});

describe('operator order routes (the CLI while a server holds the embedded database)', () => {
  const get = async (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? authHeader(token) : {} });

  it('refuses callers without an operator token', async () => {
    for (const url of ['/api/v1/operator/orders', `/api/v1/operator/orders/${paidId}`]) {
      const anonymous = await get(url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({
        error: 'Operator token missing or invalid',
        code: 'unauthenticated',
      });
      expect((await get(url, shopper.token)).statusCode).toBe(401);
    }
  });
  it('lists and shows with an operator token, as the service does', async () => {
    const token = await signOperatorToken(testJwtSecret);
    const list = await get('/api/v1/operator/orders', token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(await listOperatorOrders(t.db, { limit: 50 }));
    const processing = await get('/api/v1/operator/orders?status=processing&limit=1', token);
    expect(processing.json().map((o: { id: string }) => o.id)).toEqual([paidId]);
    const one = await get(`/api/v1/operator/orders/${paidId}`, token);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(await getOperatorOrder(t.db, paidId));
  });
  it('answers 400 for a bad query and 404 JSON for an unknown order', async () => {
    const token = await signOperatorToken(testJwtSecret);
    for (const query of ['status=paid', 'limit=0', 'limit=501', 'limit=1e2']) {
      expect((await get(`/api/v1/operator/orders?${query}`, token)).statusCode).toBe(400);
    }
    const missing = await get('/api/v1/operator/orders/ZZZZZZZZZZ', token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Order ZZZZZZZZZZ not found', code: 'not_found' });
  });
  it('stays out of the API docs', async () => {
    const docs = (await get('/api/v1/docs/json')).json();
    expect(Object.keys(docs.paths).some((p) => p.includes('operator'))).toBe(false);
  });
});
