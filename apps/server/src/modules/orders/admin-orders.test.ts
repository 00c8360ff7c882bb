import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, orderItems, orders, payments, stores } from '../../db/schema';
import { placePaidOrder } from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { stockOf } from '../../test/stock';
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

const get = (url: string, headers: Record<string, string> = clerk.headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers });
const post = (url: string, payload: unknown = {}, headers = clerk.headers) =>
  t.app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers, payload: payload as object });

/** An order moved to another store: this store's staff must not find it. */
async function otherStoresOrder(): Promise<string> {
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
  const { id } = await placeTestOrder(t.app, shopper.token);
  await t.db.update(orders).set({ storeId: 'other-store' }).where(eq(orders.id, id));
  return id;
}

describe('GET /admin/orders', () => {
  it('lists newest first with items, payment and status; searches by id, e-mail and phone', async () => {
    const pending = await placeTestOrder(t.app, shopper.token, 3);
    const paidId = await placePaidOrder(t.app, shopper.token);
    await t.db.update(orders).set({ contactPhone: '9123456780' }).where(eq(orders.id, paidId));

    const all = await get('/orders?limit=2');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body).toMatchObject({ page: 1, limit: 2 });
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.data.map((r: { id: string }) => r.id)).toEqual([paidId, pending.id]);
    expect(body.data[0]).toMatchObject({ payment: 'paid', status: 1, customerName: 'Asha Verma' });
    expect(body.data[1]).toMatchObject({
      payment: 'unpaid',
      status: 0,
      itemCount: 3,
      contactEmail: shopper.email,
      totalPaise: Math.round(pending.total * 100),
    });

    // order id: any case, with the look-alikes a shopper reads out
    const byId = (await get(`/orders?q=${pending.id.toLowerCase()}`)).json();
    expect(byId.data.map((r: { id: string }) => r.id)).toEqual([pending.id]);
    // its start, lower case, as a colleague reads it off a parcel or an older screen
    const byStart = (await get(`/orders?q=${pending.id.slice(0, 8).toLowerCase()}`)).json();
    expect(byStart.data.map((r: { id: string }) => r.id)).toEqual([pending.id]);
    const byEmail = (await get(`/orders?q=${shopper.email.slice(0, 10).toUpperCase()}`)).json();
    expect(byEmail.data.map((r: { id: string }) => r.id)).toContain(pending.id);
    const byPhone = (await get(`/orders?q=${encodeURIComponent('+91 91234 56780')}`)).json();
    expect(byPhone.data.map((r: { id: string }) => r.id)).toEqual([paidId]);
    const none = (await get('/orders?q=nobody%25here')).json();
    expect(none).toMatchObject({ data: [], total: 0 });
  });

  it('filters by status and by shop days (Asia/Kolkata), and pages', async () => {
    const { id } = await placeTestOrder(t.app, shopper.token);
    // 23:30 on 1 March in India is still 1 March there, though 18:00 UTC
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2025-03-01T18:00:00Z') })
      .where(eq(orders.id, id));
    const day = (await get('/orders?from=2025-03-01&to=2025-03-01')).json();
    expect(day.data.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await get('/orders?from=2025-03-02&to=2025-03-02')).json().total).toBe(0);
    expect((await get('/orders?from=2025-02-28&to=2025-02-28')).json().total).toBe(0);

    const cancelled = (await get('/orders?status=cancelled')).json();
    expect(cancelled.data.every((r: { status: number }) => r.status === 4)).toBe(true);
    const pendingOnly = (await get('/orders?status=pending&limit=100')).json();
    expect(pendingOnly.data.length).toBeGreaterThan(0);
    expect(pendingOnly.data.every((r: { status: number }) => r.status === 0)).toBe(true);

    const page1 = (await get('/orders?limit=1&page=1')).json();
    const page2 = (await get('/orders?limit=1&page=2')).json();
    expect(page1.data[0].id).not.toBe(page2.data[0].id);
    expect(page1.total).toBe(page2.total);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    for (const [query, field] of [
      ['status=lost', 'status'],
      ['from=01-03-2025', 'from'],
      ['to=2025-02-31', 'to'],
      ['from=2025-03-02&to=2025-03-01', 'to'],
      ['limit=1000', 'limit'],
    ] as const) {
      const res = await get(`/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields), query).toContain(field);
    }
  });

  it('never answers without a staff session, nor another store’s order', async () => {
    expect((await get('/orders', {})).statusCode).toBe(401);
    const asShopper = { authorization: `Bearer ${shopper.token}` };
    expect((await get('/orders', asShopper)).statusCode).toBe(401);
    const foreign = await otherStoresOrder();
    expect((await get(`/orders/${foreign}`)).statusCode).toBe(404);
    expect((await get(`/orders?q=${foreign}`)).json().total).toBe(0);
    expect((await post(`/orders/${foreign}/cancel`)).statusCode).toBe(404);
    expect((await post(`/orders/${foreign}/deliver`)).statusCode).toBe(404);
    const [still] = await t.db.select().from(orders).where(eq(orders.id, foreign));
    expect(still!.status).toBe(0);
    expect((await get('/orders/NOTANID')).statusCode).toBe(404);
  });
});

describe('GET /admin/orders/:id', () => {
  it('shows items, address, contact, payments, notifications, timeline and allowed actions', async () => {
    const id = await placePaidOrder(t.app, shopper.token);
    const res = await get(`/orders/${id.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({
      id,
      status: 1,
      payment: 'paid',
      contactEmail: shopper.email,
      carrier: null,
      trackingNumber: null,
      shippingAddress: { city: 'Bengaluru', postalCode: '560038' },
      actions: ['ship', 'cancel', 'record_refund'],
    });
    expect(o.items).toHaveLength(2);
    expect(o.payments).toHaveLength(1);
    expect(o.payments[0]).toMatchObject({ status: 'succeeded', refunds: [] });
    expect(o.refundablePaise).toBe(o.totalPaise);
    expect(o.notifications.length).toBeGreaterThan(0);
    expect(o.notifications[0].paymentId).toBe(o.payments[0].id);
    expect(o.timeline.map((e: { text: string }) => e.text)).toEqual([
      'Order placed',
      expect.stringMatching(/^Payment attempt/),
      expect.stringMatching(/^Payment succeeded/),
    ]);

    const pending = await placeTestOrder(t.app, shopper.token);
    const p = (await get(`/orders/${pending.id}`)).json();
    expect(p.actions).toEqual(['cancel', 'record_payment']);
    expect(p.refundablePaise).toBe(0);
  });
});

describe('ship, deliver, cancel', () => {
  it('ships with a carrier and a checked tracking number, logs it, then delivers', async () => {
    const id = await placePaidOrder(t.app, shopper.token);
    const wrongDigit = await post(`/orders/${id}/ship`, {
      carrier: 'India Post',
      trackingNumber: 'EE123456784IN',
    });
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json().fields.trackingNumber).toMatch(/check digit/);
    const noCarrier = await post(`/orders/${id}/ship`, { carrier: 'Pigeon', trackingNumber: 'X' });
    expect(noCarrier.statusCode).toBe(400);
    expect(noCarrier.json().fields).toHaveProperty('carrier');

    const shipped = await post(`/orders/${id}/ship`, {
      carrier: 'India Post',
      trackingNumber: 'ee 123456785 in',
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: 2,
      carrier: 'India Post',
      trackingNumber: 'EE123456785IN',
      actions: ['deliver', 'record_refund'],
    });
    expect(shipped.json().timeline.at(-1)).toMatchObject({
      text: 'Marked shipped with India Post EE123456785IN',
      actor: clerk.email,
    });
    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.entityId, id));
    expect(entry).toMatchObject({
      action: 'order.ship',
      staffId: clerk.id,
      before: { status: 1, carrier: null, trackingNumber: null },
      after: { status: 2, carrier: 'India Post', trackingNumber: 'EE123456785IN' },
    });

    // the shopper sees the carrier and the number
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${id}`,
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(seen.json()).toMatchObject({ carrier: 'India Post', trackingNumber: 'EE123456785IN' });

    const again = await post(`/orders/${id}/ship`, {
      carrier: 'Blue Dart',
      trackingNumber: '12345678',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Cannot ship an order that is Shipped (only from Processing)');
    const cancel = await post(`/orders/${id}/cancel`);
    expect(cancel.statusCode).toBe(409);

    const delivered = await post(`/orders/${id}/deliver`);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 3, actions: ['record_refund'] });
    expect((await post(`/orders/${id}/deliver`)).statusCode).toBe(409);
  });

  it('refuses to ship or deliver a Pending order (409) and validates the body (400)', async () => {
    const { id } = await placeTestOrder(t.app, shopper.token);
    const ship = await post(`/orders/${id}/ship`, {
      carrier: 'Blue Dart',
      trackingNumber: '12345678',
    });
    expect(ship.statusCode).toBe(409);
    expect((await post(`/orders/${id}/deliver`)).statusCode).toBe(409);
    const missing = await post(`/orders/${id}/ship`, { carrier: 'Blue Dart' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('trackingNumber');
    const longReason = await post(`/orders/${id}/cancel`, { reason: 'x'.repeat(301) });
    expect(longReason.statusCode).toBe(400);
    expect(longReason.json().fields).toHaveProperty('reason');
  });

  it('cancels: stock returns, a paid order is flagged for refund, the reason is logged', async () => {
    const id = await placePaidOrder(t.app, shopper.token);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, id));
    const before = await stockOf(t.db, line!.productId!);
    const res = await post(`/orders/${id}/cancel`, { reason: 'Customer asked by phone' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 4,
      payment: 'needs_refund',
      // the banner gives the reason typed, not the code kept for the shopper's messages
      cancelReason: 'Customer asked by phone',
    });
    expect(res.json().actions).toEqual(['record_refund']);
    expect(await stockOf(t.db, line!.productId!)).toBe(before! + line!.quantity);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, id));
    expect(payment!.needsRefund).toBe(true);
    expect(res.json().timeline.at(-1).text).toBe('Cancelled: Customer asked by phone');
    const again = await post(`/orders/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(await stockOf(t.db, line!.productId!)).toBe(before! + line!.quantity);
  });

  it('says who cancelled when no reason was typed', async () => {
    const id = await placePaidOrder(t.app, shopper.token);
    const res = await post(`/orders/${id}/cancel`);
    expect(res.json()).toMatchObject({ status: 4, cancelReason: 'cancelled by staff' });
  });
});

describe('internal notes', () => {
  it('keeps a note with who wrote it, apart from the timeline, and never shows it to the shopper', async () => {
    const order = await placeTestOrder(t.app, shopper.token);
    const res = await post(`/orders/${order.id}/notes`, {
      text: '  Customer called: leave the parcel with the watchman.  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().notes).toEqual([
      {
        at: expect.any(String),
        text: 'Customer called: leave the parcel with the watchman.',
        actor: clerk.email,
      },
    ]);
    expect(JSON.stringify(res.json().timeline)).not.toContain('watchman');
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}`,
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain('watchman');
  });

  it('refuses an empty or too long note in words, and another store’s order', async () => {
    const order = await placeTestOrder(t.app, shopper.token);
    const empty = await post(`/orders/${order.id}/notes`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ text: 'Write the note' });
    const long = await post(`/orders/${order.id}/notes`, { text: 'x'.repeat(1001) });
    expect(long.json().fields).toEqual({ text: 'A note is at most 1000 characters' });
    expect(
      (await post(`/orders/${await otherStoresOrder()}/notes`, { text: 'hi' })).statusCode,
    ).toBe(404);
  });
});
