import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, emailOutbox, orderItems, refunds, stores } from '../../db/schema';
import { renderOutboxEmail } from '../mail/render-email';
import { placePaidOrder } from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { stockOf } from '../../test/stock';
import {
  authHeader,
  createTestApp,
  registerAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { testPicture } from '../media/test-images';
import { transitionOrder } from '../orders/order-transitions.service';
import { returnMessages } from './returns.service';

let t: TestApp;
let shopper: TestUser;
let owner: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  shopper = await registerAndLogin(t.app);
  owner = await signInStaff(t.app, t.db, 'owner');
});
afterAll(() => t.close());

/** A paid order shipped and delivered by staff (logged, so it has its delivery date). */
async function deliveredOrder() {
  const id = await placePaidOrder(t.app, shopper.token);
  const actor = (storeId: string) => ({ storeId, staffId: null, label: 'test' });
  await transitionOrder(t.db, id, 'ship', { trackingNumber: 'EE1', actor });
  await transitionOrder(t.db, id, 'deliver', { actor });
  const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, id));
  return { id, items };
}

const request = (orderId: string, body: object, token = shopper.token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/returns`,
    headers: authHeader(token),
    payload: body,
  });

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/admin${url}`, headers: owner.headers, payload });

const orderOf = async (id: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${id}`,
      headers: authHeader(shopper.token),
    })
  ).json();

describe('Request a return (the shopper)', () => {
  it('takes a delivered order within the window; My Orders shows the request', async () => {
    const { id, items } = await deliveredOrder();
    const before = await orderOf(id);
    expect(Date.parse(before.returnableUntil)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    const res = await request(id, {
      lines: [{ orderItemId: items[0]!.id, quantity: 1 }],
      reason: 'The spine of the diary is cracked',
      photos: [],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'requested',
      reason: 'The spine of the diary is cracked',
      lines: [{ orderItemId: items[0]!.id, quantity: 1 }],
    });
    expect((await orderOf(id)).returns).toEqual([res.json()]);
    // the owner is told with the request, once
    const notices = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, 'owner_return_requested'),
          sql`${emailOutbox.data}->>'returnId' = ${res.json().id}`,
        ),
      );
    expect(notices.map((n) => n.toAddress)).toContain(owner.email);
    expect(new Set(notices.map((n) => n.toAddress)).size).toBe(notices.length);
  });

  it('refuses an order not delivered, and answers 404 for another shopper’s order', async () => {
    const id = await placePaidOrder(t.app, shopper.token);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, id));
    const body = { lines: [{ orderItemId: item!.id, quantity: 1 }], reason: 'Wrong', photos: [] };
    const res = await request(id, body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: returnMessages.notDelivered, code: 'return_refused' });
    const delivered = await deliveredOrder();
    const other = await registerAndLogin(t.app);
    const foreign = await request(
      delivered.id,
      { ...body, lines: [{ orderItemId: delivered.items[0]!.id, quantity: 1 }] },
      other.token,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses after the window (from the delivery date) and when the store takes no returns', async () => {
    const { id, items } = await deliveredOrder();
    const body = {
      lines: [{ orderItemId: items[0]!.id, quantity: 1 }],
      reason: 'Late',
      photos: [],
    };
    await t.db
      .update(activityLog)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(and(eq(activityLog.entityId, id), eq(activityLog.action, 'order.deliver')));
    expect((await orderOf(id)).returnableUntil).not.toBeNull();
    const late = await request(id, body);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/^Returns for this order closed on \d+ \w+ \d{4}$/);

    const fresh = await deliveredOrder();
    await t.db.update(stores).set({ returnWindowDays: 0 });
    try {
      const none = await request(fresh.id, {
        ...body,
        lines: [{ orderItemId: fresh.items[0]!.id, quantity: 1 }],
      });
      expect(none.json()).toEqual({ error: returnMessages.noReturns, code: 'return_refused' });
      expect((await orderOf(fresh.id)).returnableUntil).toBeNull();
    } finally {
      await t.db.update(stores).set({ returnWindowDays: 7 });
    }
  });

  it('takes at most the units delivered less earlier returns, and one request under a double submit', async () => {
    const { id, items } = await deliveredOrder();
    const item = items[0]!;
    const tooMany = await request(id, {
      lines: [{ orderItemId: item.id, quantity: item.quantity + 1 }],
      reason: 'Too many',
      photos: [],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().fields['lines.0']).toBe(
      `At most ${item.quantity} of ${item.productTitle} can be returned`,
    );
    const unknown = await request(id, {
      lines: [{ orderItemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
      reason: 'Not mine',
      photos: [],
    });
    expect(unknown.statusCode).toBe(400);

    const body = { lines: [{ orderItemId: item.id, quantity: 1 }], reason: 'Damaged', photos: [] };
    const both = await Promise.all([request(id, body), request(id, body)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().error).toBe(returnMessages.alreadyOpen);
    expect((await orderOf(id)).returns).toHaveLength(1);

    // rejected: its units may be asked for again; then none are left
    const [open] = (await orderOf(id)).returns;
    await admin('POST', `/returns/${open.id}/reject`, { reason: 'Used' });
    expect((await request(id, body)).statusCode).toBe(201);
  });

  it('takes up to 3 photos checked by their content', async () => {
    const { id, items } = await deliveredOrder();
    const png = await testPicture(400, 300).png().toBuffer();
    const uploadPhoto = (payload: Buffer, type = 'image/png') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/returns/photos',
        headers: { ...authHeader(shopper.token), 'content-type': type },
        payload,
      });
    const fake = await uploadPhoto(Buffer.from('GIF89a not really a picture'), 'image/jpeg');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toBe('Upload a JPEG, PNG or WebP image');
    const photo = await uploadPhoto(png);
    expect(photo.statusCode).toBe(201);
    const { imageId, url } = photo.json();
    expect(url).toMatch(/^\/media\/.+\.webp$/);
    const body = {
      lines: [{ orderItemId: items[0]!.id, quantity: 1 }],
      reason: 'Torn',
      photos: [imageId, imageId, imageId, imageId],
    };
    expect((await request(id, body)).statusCode).toBe(400);
    const res = await request(id, { ...body, photos: [imageId] });
    expect(res.statusCode).toBe(201);
    expect(res.json().photos).toEqual([url]);
  });
});

describe('Returns in the back office', () => {
  it('lists an order’s returns on its order page, with their states and items', async () => {
    const { id, items } = await deliveredOrder();
    const before = (await admin('GET', `/orders/${id}`)).json();
    expect(before.returns).toEqual([]);
    const created = (
      await request(id, {
        lines: [{ orderItemId: items[0]!.id, quantity: 1 }],
        reason: 'Wrong colour',
        photos: [],
      })
    ).json();
    await admin('POST', `/returns/${created.id}/reject`, { reason: 'Used' });
    const page = await admin('GET', `/orders/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().returns).toEqual([
      expect.objectContaining({
        id: created.id,
        status: 'rejected',
        reason: 'Wrong colour',
        rejectionReason: 'Used',
        lines: [{ orderItemId: items[0]!.id, productTitle: items[0]!.productTitle, quantity: 1 }],
      }),
    ]);
  });

  it('approves, marks received (stock back once) and refunds part with a credit note; nothing moves back', async () => {
    const { id, items } = await deliveredOrder();
    const item = items[0]!;
    const created = (
      await request(id, {
        lines: [{ orderItemId: item.id, quantity: 1 }],
        reason: 'Cracked',
        photos: [],
      })
    ).json();

    const list = (await admin('GET', '/returns?status=requested')).json();
    expect(list.data.map((r: { id: string }) => r.id)).toContain(created.id);
    expect((await admin('POST', `/returns/${created.id}/receive`)).statusCode).toBe(409);

    const approved = await admin('POST', `/returns/${created.id}/approve`, {
      instructions: 'Send it to our Kolkata address by India Post',
    });
    expect(approved.json()).toMatchObject({ status: 'approved', actions: ['receive'] });
    const again = await admin('POST', `/returns/${created.id}/reject`, { reason: 'No' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This return is approved: it cannot be rejected');

    const units = await stockOf(t.db, item.productId!);
    const received = await Promise.all([
      admin('POST', `/returns/${created.id}/receive`),
      admin('POST', `/returns/${created.id}/receive`),
    ]);
    expect(received.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t.db, item.productId!)).toBe(units! + 1);

    const detail = received.find((r) => r.statusCode === 200)!.json();
    expect(detail.payments).toHaveLength(1);
    const half = Math.round(detail.valuePaise / 2) / 100;
    const refund = { paymentId: detail.payments[0].id, amount: half, reference: 'UTR123' };
    const tooMuch = await admin('POST', `/returns/${created.id}/refund`, {
      ...refund,
      amount: detail.valuePaise / 100 + 1,
    });
    expect(tooMuch.statusCode).toBe(409);
    const refunded = await Promise.all([
      admin('POST', `/returns/${created.id}/refund`, refund),
      admin('POST', `/returns/${created.id}/refund`, refund),
    ]);
    expect(refunded.map((r) => r.statusCode)).toEqual([200, 200]);
    const done = refunded[0]!.json();
    expect(done).toMatchObject({ status: 'refunded', refundedPaise: Math.round(half * 100) });
    expect(done.creditNotes).toHaveLength(1);
    expect(done.creditNotes[0].totalPaise).toBe(Math.round(half * 100));
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, id))).toHaveLength(1);

    const shopperView = (await orderOf(id)).returns[0];
    expect(shopperView).toMatchObject({
      status: 'refunded',
      instructions: 'Send it to our Kolkata address by India Post',
      refunded: half,
    });
    expect(shopperView.history.map((h: { status: string }) => h.status)).toEqual([
      'requested',
      'approved',
      'received',
      'refunded',
    ]);
  });

  it('e-mails the shopper the answer: the instructions, or the reason', async () => {
    const ask = async () => {
      const { id, items } = await deliveredOrder();
      const body = {
        lines: [{ orderItemId: items[0]!.id, quantity: 1 }],
        reason: 'Torn',
        photos: [],
      };
      return { id, returnId: (await request(id, body)).json().id as string };
    };
    const mailOf = async (returnId: string, kind: string) => {
      const [row] = await t.db
        .select()
        .from(emailOutbox)
        .where(
          and(eq(emailOutbox.kind, kind), sql`${emailOutbox.data}->>'returnId' = ${returnId}`),
        );
      expect(row, `${kind} queued`).toBeDefined();
      return renderOutboxEmail(t.db, row!, { baseUrl: 'https://shop.example' });
    };
    const first = await ask();
    await admin('POST', `/returns/${first.returnId}/approve`, {
      instructions: 'Post it to 12 Park Street, Kolkata 700016',
    });
    const approved = await mailOf(first.returnId, 'return_approved');
    expect(approved.subject).toBe(`Your return for order ${first.id} is approved`);
    expect(approved.text).toContain('Post it to 12 Park Street, Kolkata 700016');

    const second = await ask();
    await admin('POST', `/returns/${second.returnId}/reject`, { reason: 'The seal was broken' });
    const rejected = await mailOf(second.returnId, 'return_rejected');
    expect(rejected.subject).toBe(`Your return request for order ${second.id}`);
    expect(rejected.text).toContain('Reason: The seal was broken');
  });

  it('shows the rejection reason to the shopper', async () => {
    const { id, items } = await deliveredOrder();
    const created = (
      await request(id, {
        lines: [{ orderItemId: items[0]!.id, quantity: 1 }],
        reason: 'Changed my mind',
        photos: [],
      })
    ).json();
    const rejected = await admin('POST', `/returns/${created.id}/reject`, {
      reason: 'Opened items cannot be returned',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', actions: [] });
    expect((await orderOf(id)).returns[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Opened items cannot be returned',
    });
    expect((await admin('GET', '/returns/RETNOTHERE')).statusCode).toBe(404);
  });
});

describe('the return window setting', () => {
  it('is 7 days unless the owner changes it; 0 to 90 whole days', async () => {
    const { settings } = (await admin('GET', '/settings')).json();
    expect(settings.returnWindowDays).toBe(7);
    const put = (returnWindowDays: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings',
        headers: owner.headers,
        payload: { ...settings, returnWindowDays },
      });
    const wrong = await put(-1);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.returnWindowDays).toBe(
      'Enter a whole number of days from 0 (no returns) to 90',
    );
    expect((await put(14)).statusCode).toBe(200);
    expect((await admin('GET', '/settings')).json().settings.returnWindowDays).toBe(14);
    expect((await put(7)).statusCode).toBe(200);
  });
});
