import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, orders, payments, stores } from '../../db/schema';
import { placePaidOrder } from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import {
  createTestApp,
  placeTestOrder,
  registerAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

let t: TestApp;
let clerk: SignedInStaff;
let shopper: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await signInStaff(t.app, t.db, 'staff');
  shopper = await registerAndLogin(t.app);
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = clerk.headers) =>
  t.app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers, payload });
const paymentsOf = (orderId: string) =>
  t.db.select().from(payments).where(eq(payments.orderId, orderId));
let utr = 100_000_000_000;
const nextUtr = () => String(++utr);

describe('POST /admin/orders/:id/payments (a UPI payment confirmed outside the gateways)', () => {
  it('records the payment and marks the order paid, logged with its UTR', async () => {
    const order = await placeTestOrder(t.app, shopper.token);
    const reference = nextUtr();
    const res = await post(`/orders/${order.id}/payments`, {
      reference,
      note: 'Seen in the bank app',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      payment: 'paid',
      actions: ['ship', 'cancel', 'record_refund'],
    });
    const [payment] = await paymentsOf(order.id);
    expect(payment).toMatchObject({
      provider: 'manual',
      method: 'upi',
      providerReference: reference,
      status: 'succeeded',
      amountPaise: Math.round(order.total * 100),
    });
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, payment!.id));
    expect(entry).toMatchObject({
      action: 'payment.record',
      entityType: 'payment',
      staffId: clerk.id,
      after: { orderId: order.id, reference, note: 'Seen in the bank app' },
    });
    expect(res.json().timeline.at(-1)).toMatchObject({
      text: expect.stringContaining(reference),
      actor: clerk.email,
    });
  });

  it('records one payment when the same UTR comes twice, on the same order or another', async () => {
    const order = await placeTestOrder(t.app, shopper.token);
    const other = await placeTestOrder(t.app, shopper.token);
    const reference = nextUtr();
    const [a, b] = await Promise.all([
      post(`/orders/${order.id}/payments`, { reference }),
      post(`/orders/${order.id}/payments`, { reference }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await paymentsOf(order.id)).toHaveLength(1);

    const elsewhere = await post(`/orders/${other.id}/payments`, { reference });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().fields.reference).toMatch(/already recorded/);
    expect(await paymentsOf(other.id)).toHaveLength(0);
    const [still] = await t.db.select().from(orders).where(eq(orders.id, other.id));
    expect(still!.status).toBe(0);
  });

  it('refuses an order that is not Pending (409) and a bad reference (400)', async () => {
    const paid = await placePaidOrder(t.app, shopper.token);
    const res = await post(`/orders/${paid}/payments`, { reference: nextUtr() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'Only a Pending order can take a payment; this one is Processing',
    );
    expect(await paymentsOf(paid)).toHaveLength(1);
    const order = await placeTestOrder(t.app, shopper.token);
    const bad = await post(`/orders/${order.id}/payments`, { reference: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.reference).toBe('A UPI reference (UTR) is 12 digits');
  });

  it('needs a staff session and this store’s order', async () => {
    const order = await placeTestOrder(t.app, shopper.token);
    const url = `/orders/${order.id}/payments`;
    expect((await post(url, { reference: nextUtr() }, {})).statusCode).toBe(401);
    const asShopper = { authorization: `Bearer ${shopper.token}` };
    expect((await post(url, { reference: nextUtr() }, asShopper)).statusCode).toBe(401);
    expect((await post('/orders/ZZZZZZZZZZ/payments', { reference: nextUtr() })).statusCode).toBe(
      404,
    );
    // another store's order is unknown here
    await t.db
      .insert(stores)
      .values({
        id: 'other-store',
        storeName: 'Other',
        companyName: 'Other Pvt Ltd',
        companyAddress: 'Elsewhere',
        companyEmail: 'other@example.com',
        companyPhone: '9999999999',
      })
      .onConflictDoNothing();
    await t.db.update(orders).set({ storeId: 'other-store' }).where(eq(orders.id, order.id));
    expect((await post(url, { reference: nextUtr() })).statusCode).toBe(404);
    expect(await paymentsOf(order.id)).toHaveLength(0);
  });
});

describe('POST /admin/orders/:id/refunds', () => {
  it('records a refund of the order’s payment, at most what is refundable, once per reference', async () => {
    const id = await placePaidOrder(t.app, shopper.token);
    await post(`/orders/${id}/cancel`, {});
    const [payment] = await paymentsOf(id);
    const amount = payment!.amountPaise / 100;

    const tooMuch = await post(`/orders/${id}/refunds`, {
      paymentId: payment!.id,
      amount: amount + 1,
      reference: 'NEFT-1',
    });
    expect(tooMuch.statusCode).toBe(409);

    const half = Math.floor(payment!.amountPaise / 2);
    const first = await post(`/orders/${id}/refunds`, {
      paymentId: payment!.id,
      amount: half / 100,
      reference: 'NEFT-1',
      note: 'half now',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      payment: 'needs_refund',
      refundablePaise: payment!.amountPaise - half,
    });
    expect(first.json().payments[0].refunds).toHaveLength(1);
    const again = await post(`/orders/${id}/refunds`, {
      paymentId: payment!.id,
      amount: half / 100,
      reference: 'NEFT-1',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().payments[0].refunds).toHaveLength(1);

    const rest = await post(`/orders/${id}/refunds`, {
      paymentId: payment!.id,
      amount: (payment!.amountPaise - half) / 100,
      reference: 'NEFT-2',
    });
    expect(rest.json()).toMatchObject({ payment: 'refunded', refundablePaise: 0, actions: [] });
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, payment!.id));
    expect(logged.map((e) => e.action)).toEqual(['payment.refund', 'payment.refund']);
    expect(logged[0]!.after).toMatchObject({
      amountPaise: half,
      reference: 'NEFT-1',
      note: 'half now',
    });
  });

  it('refuses another order’s payment (404), bad bodies (400) and no session (401)', async () => {
    const a = await placePaidOrder(t.app, shopper.token);
    const b = await placePaidOrder(t.app, shopper.token);
    const [paymentOfB] = await paymentsOf(b);
    const wrong = await post(`/orders/${a}/refunds`, {
      paymentId: paymentOfB!.id,
      amount: 1,
      reference: 'R1',
    });
    expect(wrong.statusCode).toBe(404);
    const zero = await post(`/orders/${a}/refunds`, { paymentId: 'x', amount: 0, reference: 'R' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields).toHaveProperty('amount');
    const noRef = await post(`/orders/${a}/refunds`, { paymentId: 'x', amount: 1, reference: '' });
    expect(noRef.json().fields).toHaveProperty('reference');
    const body = { paymentId: paymentOfB!.id, amount: 1, reference: 'R2' };
    expect((await post(`/orders/${b}/refunds`, body, {})).statusCode).toBe(401);
    const asShopper = { authorization: `Bearer ${shopper.token}` };
    expect((await post(`/orders/${b}/refunds`, body, asShopper)).statusCode).toBe(401);
    const [untouched] = await paymentsOf(b);
    expect(untouched!.refundedPaise).toBe(0);
  });
});
