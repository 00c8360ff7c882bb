// Shiprocket (issue 28, item 3) against a local server answering in Shiprocket's documented
// formats (test/fake-shiprocket.ts): Book shipment on an order's page, the label, and tracking
// webhooks moving the order on their own, once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatus } from '@store/contracts/order-rules';
import { activityLog, emailOutbox, messageOutbox, orders, shipments } from '../../db/schema';
import {
  startFakeShiprocket,
  FAKE_LABEL_PDF,
  type FakeShiprocket,
} from '../../test/fake-shiprocket';
import { placeCodOrder, placePaidOrder } from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { setStock, stockOf } from '../../test/stock';
import {
  createTestApp,
  plainProducts,
  registerAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { courierConfigFromEnv } from './couriers/couriers';

const EMAIL = 'api-user@kagazkalam.in';
const PASSWORD = 'fake-shiprocket-password';
const WEBHOOK_TOKEN = 'fake-webhook-token-1234';
let fake: FakeShiprocket;
let t: TestApp;
let shopper: TestUser;
let clerk: SignedInStaff;

beforeAll(async () => {
  fake = await startFakeShiprocket(EMAIL, PASSWORD);
  t = await createTestApp({
    couriers: courierConfigFromEnv({
      SHIPROCKET_EMAIL: EMAIL,
      SHIPROCKET_PASSWORD: PASSWORD,
      SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
      SHIPROCKET_API_URL: fake.url,
    }),
  });
  shopper = await registerAndLogin(t.app);
  clerk = await signInStaff(t.app, t.db, 'staff');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const book = (orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/shipment`,
    headers: clerk.headers,
    payload: {},
  });
const shipmentOf = (orderId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/orders/${orderId}/shipment`,
    headers: clerk.headers,
  });
const label = (orderId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/orders/${orderId}/shipment/label.pdf`,
    headers: clerk.headers,
  });
const webhook = (body: unknown, token: string | null = WEBHOOK_TOKEN, path = 'shiprocket') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/shipping/webhooks/${path}`,
    headers: token === null ? {} : { 'x-api-key': token },
    payload: body as Record<string, unknown>,
  });
const orderRow = async (id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const shipmentRow = async (id: string) =>
  (await t.db.select().from(shipments).where(eq(shipments.orderId, id)))[0];
const emailsOf = (orderId: string, kind: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `order:${orderId}:${kind}`));

/** A paid, Processing order booked with Shiprocket; its AWB. */
async function bookedOrder(): Promise<{ orderId: string; awb: string }> {
  const orderId = await placePaidOrder(t.app, shopper.token);
  const res = await book(orderId);
  expect(res.statusCode, res.body).toBe(200);
  return { orderId, awb: res.json().shipment.awb as string };
}

/** A Processing cash-on-delivery order of one product with 10 units on hand. */
async function codOrder() {
  const [product] = await plainProducts(t.app, 1);
  await setStock(t.db, product!.id, 10);
  const { id: orderId } = await placeCodOrder(t.app, shopper.token, { [product!.id]: 2 });
  return { orderId, productId: product!.id };
}

describe('Book shipment', () => {
  it('books a Processing order: Shiprocket order, AWB on the order, pickup, and a printable label', async () => {
    const orderId = await placePaidOrder(t.app, shopper.token);
    const before = await shipmentOf(orderId);
    expect(before.json()).toEqual({
      couriers: [{ id: 'shiprocket', label: 'Shiprocket' }],
      shipment: null,
      canBook: true,
    });

    const res = await book(orderId);
    expect(res.statusCode, res.body).toBe(200);
    const { shipment, canBook } = res.json();
    expect(canBook).toBe(false);
    expect(shipment).toMatchObject({
      courier: 'shiprocket',
      courierLabel: 'Shiprocket',
      courierName: 'Delhivery Surface',
      status: 'awaiting_pickup',
      pickupScheduledFor: '2026-11-30 10:00:00',
      labelAvailable: true,
      complete: true,
    });
    const sent = [...fake.shipments.values()].find((s) => s.channelOrderId === orderId)!;
    expect(sent.awb).toBe(shipment.awb);
    expect(sent.pickupRequested).toBe(true);
    expect(sent.body).toMatchObject({
      order_id: orderId,
      pickup_location: 'Primary',
      payment_method: 'Prepaid',
      billing_country: 'India',
      shipping_is_billing: true,
    });
    // the order carries the courier and AWB, and stays Processing until the courier picks it up
    expect(await orderRow(orderId)).toMatchObject({
      status: orderStatus.processing,
      carrier: 'Delhivery Surface',
      trackingNumber: shipment.awb,
    });

    const pdf = await label(orderId);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="label-/);
    expect(pdf.rawPayload.equals(FAKE_LABEL_PDF)).toBe(true);

    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, orderId), eq(activityLog.action, 'order.book_shipment')));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.summary).toContain(shipment.awb);
  });

  it('booking twice is 409 and makes nothing at Shiprocket', async () => {
    const { orderId } = await bookedOrder();
    const calls = fake.calls.length;
    const again = await book(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict' });
    expect(again.json().error).toMatch(/already booked/);
    expect(fake.calls.length).toBe(calls);
  });

  it('a double click books once: the second press meanwhile is 409', async () => {
    const orderId = await placePaidOrder(t.app, shopper.token);
    const answers = await Promise.all([book(orderId), book(orderId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect([...fake.shipments.values()].filter((s) => s.channelOrderId === orderId)).toHaveLength(
      1,
    );
  });

  it('a Pending order cannot be booked (409, nothing stored); an unknown order is 404', async () => {
    const orderId = await placePaidOrder(t.app, shopper.token);
    await t.db.update(orders).set({ status: orderStatus.pending }).where(eq(orders.id, orderId));
    const res = await book(orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Only a Processing order/);
    expect(await shipmentRow(orderId)).toBeUndefined();
    expect((await book('ZZZZZZZZZZ')).statusCode).toBe(404);
  });

  it('Shiprocket refusing the AWB answers 422 with its message and keeps its order; the next Book shipment continues without a second Shiprocket order', async () => {
    const orderId = await placePaidOrder(t.app, shopper.token);
    fake.failNext('awb', 400, {
      message: 'Selected courier is not serviceable for this pincode',
      status_code: 400,
    });
    const failed = await book(orderId);
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toMatchObject({ code: 'unprocessable' });
    expect(failed.json().error).toContain('Selected courier is not serviceable');
    expect(failed.json().error).toMatch(/Book shipment again/);
    const half = await shipmentRow(orderId);
    expect(half).toMatchObject({ awb: null, pickupRequestedAt: null, labelPdf: null });
    expect(half!.courierShipmentId).not.toBeNull();
    expect(half!.bookingStartedAt).toBeNull();
    expect((await orderRow(orderId)).trackingNumber).toBeNull();
    const view = (await shipmentOf(orderId)).json();
    expect(view).toMatchObject({ canBook: true, shipment: { complete: false, awb: null } });

    const retried = await book(orderId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().shipment).toMatchObject({ complete: true, labelAvailable: true });
    expect([...fake.shipments.values()].filter((s) => s.channelOrderId === orderId)).toHaveLength(
      1,
    );
  });

  it('Shiprocket failing at the label answers 502; the retry asks only for the label (the pickup already in its queue)', async () => {
    const orderId = await placePaidOrder(t.app, shopper.token);
    fake.failNext('label', 500, { message: 'Something went wrong', status_code: 500 });
    const failed = await book(orderId);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'bad_gateway' });
    const half = (await shipmentRow(orderId))!;
    expect(half.awb).not.toBeNull();
    expect(half.pickupRequestedAt).not.toBeNull();
    expect((await label(orderId)).statusCode).toBe(404);
    const from = fake.calls.length;
    expect((await book(orderId)).statusCode).toBe(200);
    expect(fake.calls.slice(from).filter((c) => !c.startsWith('GET'))).toEqual([
      'POST /v1/external/courier/generate/label',
    ]);
    expect((await label(orderId)).statusCode).toBe(200);
  });

  it('a label link serving something else than a PDF is 502 and nothing is kept as the label', async () => {
    const orderId = await placePaidOrder(t.app, shopper.token);
    fake.labelBody = Buffer.from('<html>502 Bad Gateway</html>');
    try {
      const res = await book(orderId);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toContain('not a PDF');
    } finally {
      fake.labelBody = null;
    }
    expect((await shipmentRow(orderId))!.labelPdf).toBeNull();
    expect((await book(orderId)).statusCode).toBe(200);
    expect((await label(orderId)).rawPayload.equals(FAKE_LABEL_PDF)).toBe(true);
  });

  it("Shiprocket refusing the order's data answers 422 with its field messages and stores nothing", async () => {
    const orderId = await placePaidOrder(t.app, shopper.token);
    fake.failNext('create', 422, {
      message: 'Oops! Invalid Data.',
      errors: { billing_pincode: ['The billing pincode must be 6 digits.'] },
      status_code: 422,
    });
    const res = await book(orderId);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toContain('The billing pincode must be 6 digits.');
    expect(await shipmentRow(orderId)).toMatchObject({ courierShipmentId: null, awb: null });
  });

  it('logs in again when Shiprocket says the token has expired, and repeats the call', async () => {
    const orderId = await placePaidOrder(t.app, shopper.token);
    const logins = fake.logins;
    fake.expireTokens();
    const res = await book(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.logins).toBe(logins + 1);
    // the new token is kept: the next booking logs in no more
    await bookedOrder();
    expect(fake.logins).toBe(logins + 1);
  });
});

describe('Shiprocket tracking webhook', () => {
  it('refuses a missing or wrong x-api-key with 401 and changes nothing', async () => {
    const { orderId, awb } = await bookedOrder();
    const body = fake.trackingWebhook(awb, 'DELIVERED');
    expect((await webhook(body, null)).statusCode).toBe(401);
    const wrong = await webhook(body, 'fake-webhook-token-123X');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'unauthenticated' });
    expect((await orderRow(orderId)).status).toBe(orderStatus.processing);
  });

  it('picked up → Shipped, out for delivery recorded, delivered → Delivered, the shopper e-mailed once each; replays change nothing', async () => {
    const { orderId, awb } = await bookedOrder();
    // the shopper ticked "Send me order updates on WhatsApp/SMS" at checkout
    await t.db.update(orders).set({ messagesConsentAt: new Date() }).where(eq(orders.id, orderId));
    const picked = await webhook(fake.trackingWebhook(awb, 'PICKED UP'));
    expect(picked.statusCode).toBe(200);
    expect(picked.json()).toEqual({ success: true, outcome: 'applied' });
    expect(await orderRow(orderId)).toMatchObject({
      status: orderStatus.shipped,
      carrier: 'Delhivery Surface',
      trackingNumber: awb,
    });
    expect(await emailsOf(orderId, 'shipped')).toHaveLength(1);

    // a later scan of the same state, and the same body again: nothing moves
    expect((await webhook(fake.trackingWebhook(awb, 'IN TRANSIT'))).json().outcome).toBe(
      'replayed',
    );
    expect((await webhook(fake.trackingWebhook(awb, 'PICKED UP'))).json().outcome).toBe('replayed');

    const ofd = await webhook(fake.trackingWebhook(awb, 'OUT FOR DELIVERY'));
    expect(ofd.json().outcome).toBe('applied');
    expect((await shipmentRow(orderId))!.status).toBe('out_for_delivery');
    expect((await orderRow(orderId)).status).toBe(orderStatus.shipped);
    const arriving = () =>
      t.db
        .select({ kind: messageOutbox.kind })
        .from(messageOutbox)
        .where(eq(messageOutbox.dedupeKey, `order:${orderId}:out_for_delivery`));
    expect(await arriving()).toEqual([{ kind: 'out_for_delivery' }]);

    const delivered = await webhook(fake.trackingWebhook(awb, 'DELIVERED', '30 11 2026 14:05:00'));
    expect(delivered.json().outcome).toBe('applied');
    expect((await orderRow(orderId)).status).toBe(orderStatus.delivered);
    expect(await shipmentRow(orderId)).toMatchObject({
      status: 'delivered',
      lastEventStatus: 'DELIVERED',
      lastEventAt: new Date('2026-11-30T14:05:00+05:30'),
    });

    // Shiprocket sending it again, or an older scan arriving late
    expect((await webhook(fake.trackingWebhook(awb, 'DELIVERED'))).json().outcome).toBe('replayed');
    expect(await arriving()).toHaveLength(1);
    expect((await webhook(fake.trackingWebhook(awb, 'OUT FOR DELIVERY'))).json().outcome).toBe(
      'replayed',
    );
    expect((await webhook(fake.trackingWebhook(awb, 'RTO DELIVERED'))).json().outcome).toBe(
      'replayed',
    );
    expect((await orderRow(orderId)).status).toBe(orderStatus.delivered);
    expect(await emailsOf(orderId, 'delivered')).toHaveLength(1);
    expect(await emailsOf(orderId, 'shipped')).toHaveLength(1);

    const view = (await shipmentOf(orderId)).json();
    expect(view.shipment).toMatchObject({ status: 'delivered', lastEventStatus: 'DELIVERED' });
    const tracking = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, orderId), eq(activityLog.action, 'order.tracking')));
    expect(tracking.map((a) => a.actor)).toEqual(['system', 'system', 'system']);
  });

  it('a Delivered arriving before any pickup scan ships and delivers the order', async () => {
    const { orderId, awb } = await bookedOrder();
    const res = await webhook(fake.trackingWebhook(awb, 'DELIVERED'));
    expect(res.json().outcome).toBe('applied');
    expect(await orderRow(orderId)).toMatchObject({
      status: orderStatus.delivered,
      trackingNumber: awb,
      carrier: 'Delhivery Surface',
    });
    expect(await emailsOf(orderId, 'delivered')).toHaveLength(1);
    // the pickup scan coming after it moves nothing back
    expect((await webhook(fake.trackingWebhook(awb, 'PICKED UP'))).json().outcome).toBe('replayed');
    expect((await orderRow(orderId)).status).toBe(orderStatus.delivered);
  });

  it('a cash-on-delivery parcel back at the shop (RTO delivered) is returned undelivered: Cancelled, stock back, once', async () => {
    const { orderId, productId } = await codOrder();
    expect(await stockOf(t.db, productId)).toBe(8);
    const booked = await book(orderId);
    expect(booked.statusCode, booked.body).toBe(200);
    const awb = booked.json().shipment.awb as string;
    const sent = [...fake.shipments.values()].find((s) => s.channelOrderId === orderId)!;
    expect(sent.body.payment_method).toBe('COD');

    await webhook(fake.trackingWebhook(awb, 'IN TRANSIT'));
    expect((await orderRow(orderId)).status).toBe(orderStatus.shipped);
    await webhook(fake.trackingWebhook(awb, 'RTO INITIATED'));
    expect((await orderRow(orderId)).status).toBe(orderStatus.shipped);
    const back = await webhook(fake.trackingWebhook(awb, 'RTO DELIVERED'));
    expect(back.json().outcome).toBe('applied');
    expect(await orderRow(orderId)).toMatchObject({
      status: orderStatus.cancelled,
      cancelReason: 'returned',
      codStatus: null,
    });
    expect(await stockOf(t.db, productId)).toBe(10);
    expect((await webhook(fake.trackingWebhook(awb, 'RTO DELIVERED'))).json().outcome).toBe(
      'replayed',
    );
    expect(await stockOf(t.db, productId)).toBe(10);
    expect(await emailsOf(orderId, 'cancelled')).toHaveLength(1);
  });

  it('answers 200 "ignored" for an unknown AWB, a status that moves nothing, or a body without an AWB; the panel-safe address works too', async () => {
    const { orderId, awb } = await bookedOrder();
    expect((await webhook(fake.trackingWebhook('999999999999', 'DELIVERED'))).json()).toEqual({
      success: true,
      outcome: 'ignored',
    });
    expect((await webhook(fake.trackingWebhook(awb, 'PICKUP SCHEDULED'))).json().outcome).toBe(
      'ignored',
    );
    expect((await webhook({ hello: 'world' })).json().outcome).toBe('ignored');
    expect((await orderRow(orderId)).status).toBe(orderStatus.processing);
    // Shiprocket refuses webhook addresses containing "shiprocket" or "sr": this one it takes
    const alias = await webhook(
      fake.trackingWebhook(awb, 'PICKED UP'),
      WEBHOOK_TOKEN,
      'parcel-updates',
    );
    expect(alias.json().outcome).toBe('applied');
    expect((await orderRow(orderId)).status).toBe(orderStatus.shipped);
  });
});

describe('without Shiprocket configured', () => {
  it('Book shipment is 503 with what to set; the order page offers no courier; webhooks are 401', async () => {
    const plain = await createTestApp();
    try {
      const staff = await signInStaff(plain.app, plain.db, 'staff');
      const buyer = await registerAndLogin(plain.app);
      const orderId = await placePaidOrder(plain.app, buyer.token);
      const view = await plain.app.inject({
        method: 'GET',
        url: `/api/v1/admin/orders/${orderId}/shipment`,
        headers: staff.headers,
      });
      expect(view.json()).toEqual({ couriers: [], shipment: null, canBook: false });
      const res = await plain.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${orderId}/shipment`,
        headers: staff.headers,
        payload: {},
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'unavailable' });
      expect(res.json().error).toContain('SHIPROCKET_EMAIL');
      const hook = await plain.app.inject({
        method: 'POST',
        url: '/api/v1/shipping/webhooks/shiprocket',
        headers: { 'x-api-key': 'anything' },
        payload: { awb: '1', current_status: 'DELIVERED' },
      });
      expect(hook.statusCode).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
