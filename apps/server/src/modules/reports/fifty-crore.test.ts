// Money in 64 bits (issue 23): an int4 of paise stops at ₹2.147 crore. Orders above it, a month of
// ₹50 crore and a customer who spent it must be placed, paid, refunded and shown exactly.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { decideInSandbox, pay, placePaidOrder, validFields } from '../../test/pay-order';
import { saveProduct } from '../../test/products';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import {
  authHeader,
  createTestApp,
  registerAndLogin,
  testShippingAddress,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

const INT4_MAX = 2_147_483_647;
const CRORE_PAISE = 1_00_00_000 * 100;

let t: TestApp;
let owner: SignedInStaff;
let buyer: TestUser;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
  buyer = await registerAndLogin(t.app, { firstName: 'Crore', lastName: 'Buyer' });
  // the most a product may cost (₹1 crore) and enough units for two orders of 25
  productId = await saveProduct(t.app, owner, {
    title: 'Gold Fountain Pen',
    regularPrice: 1_00_00_000,
    stock: 60,
  });
});
afterAll(() => t.close());

/** Places an order of `units` of the ₹1 crore pen and pays it at the sandbox gateway. */
async function placeAndPay(units: number) {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: authHeader(buyer.token),
    payload: { products: { [productId]: units }, shippingAddress: testShippingAddress },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json() as { id: string; total: number };
  const started = await pay(t.app, buyer.token, order.id, validFields('gateway'));
  expect(started.statusCode, started.body).toBe(200);
  const { paymentId, token } = started.json().action.formParams.data;
  const approved = await decideInSandbox(t.app, paymentId, 'approve', token);
  expect(approved.statusCode, approved.body).toBeLessThan(400);
  return { ...order, paymentId: paymentId as string };
}

const adminGet = (url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: owner.headers });

describe('money past ₹2.147 crore (int4)', () => {
  it('places, pays and refunds one order of ₹25 crore, and a ₹50 crore month shows exactly', async () => {
    const big = await placeAndPay(25);
    const total = 25 * CRORE_PAISE;
    expect(total).toBeGreaterThan(INT4_MAX);
    expect(big.total).toBe(25 * 1_00_00_000);

    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${big.id}`,
      headers: authHeader(buyer.token),
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      status: 1,
      total: 25 * 1_00_00_000,
      paymentStatus: 'paid',
    });
    // the tax invoice carries the whole total
    expect(seen.json().documents).toEqual([
      expect.objectContaining({ kind: 'invoice', totalPaise: total }),
    ]);

    // a refund of ₹1 crore (the most one refund takes) leaves ₹24 crore refundable
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${big.id}/refunds`,
      headers: owner.headers,
      payload: { paymentId: big.paymentId, amount: 1_00_00_000, reference: 'UTR-BIG-1' },
    });
    expect(refunded.statusCode, refunded.body).toBeLessThan(300);
    const detail = await adminGet(`/orders/${big.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ totalPaise: total, refundablePaise: 24 * CRORE_PAISE });
    expect(detail.json().payments[0]).toMatchObject({
      amountPaise: total,
      refundedPaise: CRORE_PAISE,
    });

    // a second ₹25 crore order, ten days ago: today ₹25 crore, 7 days ₹25 crore, 30 days ₹50 crore
    const earlier = await placeAndPay(25);
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    await t.db.update(orders).set({ createdAt: tenDaysAgo }).where(eq(orders.id, earlier.id));

    const dashboard = await adminGet('/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const d = dashboard.json();
    expect(d.today).toEqual({ revenuePaise: total, paidOrders: 1, averageOrderPaise: total });
    expect(d.last7Days).toEqual({ revenuePaise: total, paidOrders: 1, averageOrderPaise: total });
    expect(d.last30Days).toEqual({
      revenuePaise: 50 * CRORE_PAISE,
      paidOrders: 2,
      averageOrderPaise: total,
    });
    const chart = d.dailyRevenue as { date: string; revenuePaise: number }[];
    expect(chart).toHaveLength(30);
    expect(chart.at(-1)!.revenuePaise).toBe(total);
    expect(chart.filter((x) => x.revenuePaise > 0).map((x) => x.revenuePaise)).toEqual([
      total,
      total,
    ]);
    expect(d.toShip).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: big.id, totalPaise: total })]),
    );

    const list = await adminGet(`/customers?q=${encodeURIComponent(buyer.email)}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: buyer.id, orderCount: 2, spentPaise: 50 * CRORE_PAISE }),
    ]);
    const customer = await adminGet(`/customers/${buyer.id}`);
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.json()).toMatchObject({ spentPaise: 50 * CRORE_PAISE, orderCount: 2 });
    expect(customer.json().orders).toEqual([
      expect.objectContaining({ id: big.id, totalPaise: total, itemCount: 25 }),
      expect.objectContaining({ id: earlier.id, totalPaise: total, itemCount: 25 }),
    ]);
  });
});

describe('a ₹50 crore month of orders each below ₹2.147 crore', () => {
  let s: TestApp;
  let staff: SignedInStaff;
  let shopper: TestUser;
  beforeAll(async () => {
    s = await createTestApp();
    staff = await signInStaff(s.app, s.db, 'staff');
    shopper = await registerAndLogin(s.app);
  });
  afterAll(() => s.close());

  it('sums them exactly on the dashboard and the customer screens', async () => {
    // totals an int4 column holds, written straight in: only their sums pass ₹2.147 crore
    const totals = [20 * CRORE_PAISE, 20 * CRORE_PAISE, 10 * CRORE_PAISE];
    const ids: string[] = [];
    for (const totalPaise of totals) {
      const id = await placePaidOrder(s.app, shopper.token);
      await s.db.update(orders).set({ totalPaise }).where(eq(orders.id, id));
      ids.push(id);
    }
    const get = (url: string) =>
      s.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: staff.headers });

    const dashboard = await get('/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const month = { revenuePaise: 50 * CRORE_PAISE, paidOrders: 3 };
    expect(dashboard.json().today).toMatchObject(month);
    expect(dashboard.json().last7Days).toMatchObject(month);
    expect(dashboard.json().last30Days).toMatchObject(month);
    expect(dashboard.json().dailyRevenue.at(-1).revenuePaise).toBe(50 * CRORE_PAISE);

    const list = await get(`/customers?q=${encodeURIComponent(shopper.email)}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data[0]).toMatchObject({ orderCount: 3, spentPaise: 50 * CRORE_PAISE });
    const customer = await get(`/customers/${shopper.id}`);
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.json().spentPaise).toBe(50 * CRORE_PAISE);
  });
});
