import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, payments, refunds } from '../../db/schema';
import { startFakePayu, payuResponse, type FakePayu } from '../../test/fake-payu';
import { pay, placePaidOrder, postForm, validFields } from '../../test/pay-order';
import { stockOf } from '../../test/stock';
import {
  authHeader,
  createTestApp,
  placeTestOrder,
  registerAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { defaultPaymentsEnv, paymentConfigFromEnv } from '../payments/payment-config';
import { transitionOrder } from '../orders/order-transitions.service';
import { cancelMessages } from './shopper-cancel.service';

const KEY = 'testkey';
const SALT = 'testsalt';
let fake: FakePayu;
let t: TestApp;
let shopper: TestUser;

beforeAll(async () => {
  fake = await startFakePayu(KEY, SALT);
  const config = paymentConfigFromEnv({
    ...defaultPaymentsEnv,
    PAYMENT_METHODS: 'payu,upi_qr,gateway',
    PAYU_KEY: KEY,
    PAYU_SALT: SALT,
    PAYU_API_URL: fake.url,
  });
  t = await createTestApp({ payments: config, publicBaseUrl: 'https://shop.example' });
  shopper = await registerAndLogin(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const cancel = (id: string, token = shopper.token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${id}/cancel`,
    headers: authHeader(token),
  });

async function unitsOf(orderId: string) {
  const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return Promise.all(items.map((i) => stockOf(t.db, i.productId!)));
}

async function paidThroughPayu() {
  const order = await placeTestOrder(t.app, shopper.token);
  const body = (await pay(t.app, shopper.token, order.id, validFields('payu'))).json();
  const data = body.action.formParams.data as Record<string, string>;
  await postForm(
    t.app,
    '/api/v1/payments/payu/return',
    payuResponse(SALT, data, 'success', `9${Date.now() % 1e8}`),
  );
  return { id: order.id, txnid: data.txnid! };
}

describe('POST /orders/:id/cancel (the shopper cancels)', () => {
  it('cancels a Pending order: Cancelled by the shopper, its stock back', async () => {
    const { id } = await placeTestOrder(t.app, shopper.token);
    const before = await unitsOf(id);
    const res = await cancel(id.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 4, cancelReason: 'shopper' });
    expect(await unitsOf(id)).toEqual(before.map((n) => n! + 1));
  });

  it('cancels a paid Processing order and flags its sandbox payment for the shop to refund', async () => {
    const id = await placePaidOrder(t.app, shopper.token);
    expect((await cancel(id)).json().status).toBe(4);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, id));
    expect(payment).toMatchObject({ status: 'succeeded', needsRefund: true, refundedPaise: 0 });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, id))).toEqual([]);
  });

  it('refunds a PayU payment through PayU once, though the button is pressed twice at once', async () => {
    const { id, txnid } = await paidThroughPayu();
    const before = await unitsOf(id);
    const answers = await Promise.all([cancel(id), cancel(id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!.json();
    expect(refused).toEqual({ error: cancelMessages.cancelled, code: 'order_not_cancellable' });
    expect(await unitsOf(id)).toEqual(before.map((n) => n! + 1));
    const recorded = await t.db.select().from(refunds).where(eq(refunds.orderId, id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      paymentId: txnid,
      reference: `cancel-${id}`,
      status: 'requested',
    });
    const asked = fake.calls.filter((c) => c.command === 'cancel_refund_transaction');
    expect(asked.filter((c) => c.var2 === recorded[0]!.id)).toHaveLength(1);
  });

  it('refuses a shipped order with 409 and leaves it Shipped', async () => {
    const id = await placePaidOrder(t.app, shopper.token);
    await transitionOrder(t.db, id, 'ship', { trackingNumber: 'EE123' });
    const res = await cancel(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: cancelMessages.shipped, code: 'order_not_cancellable' });
    await transitionOrder(t.db, id, 'deliver');
    expect((await cancel(id)).json().error).toBe(cancelMessages.delivered);
  });

  it("answers 404 for another shopper's order and 401 without a session", async () => {
    const { id } = await placeTestOrder(t.app, shopper.token);
    const other = await registerAndLogin(t.app);
    const res = await cancel(id, other.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/orders/${id}/cancel` })).statusCode,
    ).toBe(401);
    expect((await cancel(id)).statusCode).toBe(200);
  });
});

describe('the status history My Orders and Track order show', () => {
  it('dates each stage, oldest first, and names no one', async () => {
    const id = await placePaidOrder(t.app, shopper.token);
    await transitionOrder(t.db, id, 'ship', {
      trackingNumber: 'EE124',
      storeId: undefined,
      actor: (s) => ({ storeId: s, staffId: null, label: 'owner@example.in' }),
    });
    await transitionOrder(t.db, id, 'deliver', {
      actor: (s) => ({ storeId: s, staffId: null, label: 'owner@example.in' }),
    });
    const order = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${id}`,
        headers: authHeader(shopper.token),
      })
    ).json();
    expect(order.history.map((h: { stage: string }) => h.stage)).toEqual([
      'placed',
      'paid',
      'shipped',
      'delivered',
    ]);
    const times = order.history.map((h: { at: string }) => Date.parse(h.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(JSON.stringify(order.history)).not.toContain('owner@example.in');
    // Track order, by the order's e-mail, shows the same
    const tracked = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${id}?contactInfo=${encodeURIComponent(shopper.email)}`,
      })
    ).json();
    expect(tracked.history).toEqual(order.history);
  });

  it("a shopper's cancel reads Placed then Cancelled", async () => {
    const { id } = await placeTestOrder(t.app, shopper.token);
    const cancelled = (await cancel(id)).json();
    expect(cancelled.history.map((h: { stage: string }) => h.stage)).toEqual([
      'placed',
      'cancelled',
    ]);
  });
});
